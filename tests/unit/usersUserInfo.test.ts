import { describe, expect, it } from 'vitest';
import { accountAll, enrichUserInfo, toTreeData, type AccountNode } from '../../src/auth/userInfo';

const children: AccountNode[] = [
  {
    account: 'acme_video',
    accountName: 'Acme Video',
    accountChild: [{ account: 'acme_video_eu', accountName: 'Acme Video EU', accountChild: [] }],
  },
  { account: 'acme_static', accountName: 'Acme Static', accountChild: [] },
];

describe('user info derivations (spec §3)', () => {
  it('renames account/accountName/accountChild to value/title/children', () => {
    expect(toTreeData(children)).toEqual([
      { value: 'acme_video', title: 'Acme Video', children: [{ value: 'acme_video_eu', title: 'Acme Video EU', children: [] }] },
      { value: 'acme_static', title: 'Acme Static', children: [] },
    ]);
  });

  it('joins the account and all descendants into account_all', () => {
    expect(accountAll('acme', children)).toBe('acme,acme_video,acme_video_eu,acme_static');
    expect(accountAll('solo', [])).toBe('solo');
  });

  it('builds treeData rooted at the own account and drops the password', () => {
    const info = enrichUserInfo({
      uid: 'u1',
      username: 'acme',
      email: 'a@b.c',
      role: 'customer',
      account: 'acme',
      accountName: 'Acme Media',
      accountChild: children,
      permissionList: [],
      isMain: true,
      userType: 2,
      password: 'secret',
    });
    expect(info.treeData[0]).toMatchObject({ value: 'acme', title: 'Acme Media' });
    expect(info.treeData[0].children).toHaveLength(2);
    expect(info.account_all).toBe('acme,acme_video,acme_video_eu,acme_static');
    expect('password' in info).toBe(false);
  });
});
