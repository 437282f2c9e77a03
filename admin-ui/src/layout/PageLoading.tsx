import { Spinner } from '../plain/icons';

/** The spinner a screen shows while its data or its code loads; its own file, so screens need not import the shell. */
export function PageLoading() {
  return (
    <div className="cl-page-loading">
      <Spinner size={32} />
    </div>
  );
}
