/** Server messages of the host area (rename rules; spec §8 leaves the texts open). */
export default {
  hostNameEmpty: { zh: '主机名不能为空', en: 'The host name cannot be empty' },
  hostNameTooLong: { zh: '主机名最多64个字符', en: 'The host name may have at most 64 characters' },
  hostNameSpaces: { zh: '主机名首尾不能有空格', en: 'The host name may not begin or end with a space' },
  hostNameControl: { zh: '主机名不能包含控制字符', en: 'The host name may not contain control characters' },
} as const;
