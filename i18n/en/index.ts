import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from '../merge';
import portal from './portal';

/** English messages: react-admin's own plus one module per area/resource (one line each). */
export const en = mergeMessages<TranslationMessages>(englishMessages, portal);
