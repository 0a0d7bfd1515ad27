import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { writeLanguage } from '../auth/storage';

const FLAGS: Record<string, string> = { zh: '🇨🇳', en: '🇬🇧' };
const NAMES: Record<string, string> = { zh: '简体中文', en: 'English' };

/** Language dropdown (简体中文 / English) with flag; the choice is stored as isChinese. */
export function LanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: 'zh' | 'en') => {
    writeLanguage(next === 'en' ? 'english' : 'chinese');
    setLocale(next);
    setAnchor(null);
  };
  return (
    <>
      <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label="language" data-testid="language-switch">
        <span style={{ marginRight: 6 }}>{FLAGS[locale] ?? FLAGS.zh}</span>
        {NAMES[locale] ?? NAMES.zh}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem selected={locale === 'zh'} onClick={() => choose('zh')}>
          {FLAGS.zh} 简体中文
        </MenuItem>
        <MenuItem selected={locale === 'en'} onClick={() => choose('en')}>
          {FLAGS.en} English
        </MenuItem>
      </Menu>
    </>
  );
}
