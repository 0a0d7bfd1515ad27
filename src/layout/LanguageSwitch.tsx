import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { writeLanguage } from '../auth/storage';

/** Small inline flags (emoji flags do not render on every system). */
function Flag({ locale }: { locale: string }) {
  if (locale === 'en') {
    return (
      <svg width="20" height="14" viewBox="0 0 60 42" aria-hidden style={{ marginRight: 6, borderRadius: 2 }}>
        <rect width="60" height="42" fill="#012169" />
        <path d="M0 0L60 42M60 0L0 42" stroke="#fff" strokeWidth="8" />
        <path d="M0 0L60 42M60 0L0 42" stroke="#C8102E" strokeWidth="3" />
        <path d="M30 0V42M0 21H60" stroke="#fff" strokeWidth="12" />
        <path d="M30 0V42M0 21H60" stroke="#C8102E" strokeWidth="7" />
      </svg>
    );
  }
  return (
    <svg width="20" height="14" viewBox="0 0 30 20" aria-hidden style={{ marginRight: 6, borderRadius: 2 }}>
      <rect width="30" height="20" fill="#DE2910" />
      <polygon points="5,2 5.9,4.8 8.8,4.8 6.5,6.5 7.4,9.3 5,7.6 2.6,9.3 3.5,6.5 1.2,4.8 4.1,4.8" fill="#FFDE00" />
      <circle cx="10" cy="2" r="0.8" fill="#FFDE00" />
      <circle cx="12" cy="4" r="0.8" fill="#FFDE00" />
      <circle cx="12" cy="7" r="0.8" fill="#FFDE00" />
      <circle cx="10" cy="9" r="0.8" fill="#FFDE00" />
    </svg>
  );
}
const NAMES: Record<string, string> = { zh: '简体中文', en: 'English' };

/** Language dropdown (简体中文 / English) with flag; the choice is stored as isChinese. */
export function LanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: 'zh' | 'en') => {
    writeLanguage(next === 'en' ? 'english' : 'chinese');
    setLocale(next);
    setAnchor(null);
  };
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        title={translate('portal.language')}
        data-testid="language-switch"
      >
        <Flag locale={locale} />
        {NAMES[locale] ?? NAMES.zh}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem selected={locale === 'zh'} onClick={() => choose('zh')}>
          <Flag locale="zh" /> 简体中文
        </MenuItem>
        <MenuItem selected={locale === 'en'} onClick={() => choose('en')}>
          <Flag locale="en" /> English
        </MenuItem>
      </Menu>
    </>
  );
}
