import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';

/**
 * Sets document.title to a screen's own title (a member's name, "Access denied") on every navigation and language
 * change. Screens use this, not `DocumentTitle`, whose titles come from the route table: a screen importing the
 * route table closed an import circle through every screen (issue 44).
 */
export function PageTitle({ title }: { title: string }) {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    document.title = `${title} · ${translate('coop.app.name')}`;
    document.documentElement.lang = locale;
  }, [pathname, translate, title, locale]);
  return null;
}
