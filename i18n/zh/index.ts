import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from '../merge';
import ra from './ra';
import portal from './portal';

/** 中文消息：react-admin 自身的消息加每个区域/资源一个模块（每个一行）。 */
export const zh = mergeMessages<TranslationMessages>(ra, portal);
