import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { titleFor } from '../resources';
import { PageTitle } from './PageTitle';

/** Sets document.title from the route table on every navigation (and on a language change): the shell's title. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  return <PageTitle title={translate(titleFor(pathname))} />;
}
