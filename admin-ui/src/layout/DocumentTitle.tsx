import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { titleFor } from '../resources';

/** Sets document.title on every navigation (and on a language change). */
export function DocumentTitle({ override }: { override?: string }) {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    const page = override ?? translate(titleFor(pathname));
    document.title = `${page} · ${translate('coop.app.name')}`;
    document.documentElement.lang = locale;
  }, [pathname, translate, override, locale]);
  return null;
}
