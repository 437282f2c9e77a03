import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { DuplicateCandidate } from '@coop/contracts/console';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { api } from '../session/api';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** `GET /members/duplicates` for what the form holds; none when nothing to compare is filled. */
export async function findDuplicates(values: Record<string, unknown>): Promise<DuplicateCandidate[]> {
  const query = new URLSearchParams();
  for (const field of ['name', 'givenName', 'birthDate', 'iban'])
    if (text(values[field]) !== '') query.set(field, text(values[field]));
  if (!query.has('iban') && !(query.has('name') && query.has('birthDate'))) return [];
  const res = await api<DuplicateCandidate[] | null>(`/members/duplicates?${query.toString()}`);
  return Array.isArray(res.body) ? res.body : [];
}

/**
 * Before a new member is created (issue 22 "Safety nets"): the possible duplicates in the cooperative (same name and
 * birth date, or the same IBAN under another name), each a link to the member; "Create anyway" goes on. `confirm`
 * resolves true when there is none or the clerk goes on; a failed look-up does not stop the save.
 */
export function useDuplicateCheck() {
  const translate = useTranslate();
  const [found, setFound] = useState<DuplicateCandidate[] | null>(null);
  const answer = useRef<((go: boolean) => void) | null>(null);

  const confirm = async (values: Record<string, unknown>): Promise<boolean> => {
    const candidates = await findDuplicates(values).catch(() => []);
    if (candidates.length === 0) return true;
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setFound(candidates);
    });
  };
  const close = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
    setFound(null);
  };

  const dialog = (
    <ConfirmDialog
      open={found !== null}
      title={translate('coop.duplicates.title')}
      testId="duplicates-dialog"
      content={
        <>
          <p style={{ marginTop: 0 }}>{translate('coop.duplicates.intro')}</p>
          <ul>
            {(found ?? []).map((c) => (
              <li key={c.id}>
                <RouterLink
                  to={`/member/${encodeURIComponent(c.id)}`}
                  target="_blank"
                  rel="noopener"
                  data-testid="duplicate-link"
                >
                  {c.memberNr !== null ? `${c.memberNr} ` : ''}
                  {c.label}
                </RouterLink>{' '}
                ({translate(`coop.duplicates.${c.reason}`)})
              </li>
            ))}
          </ul>
        </>
      }
      confirmLabel={translate('coop.duplicates.createAnyway')}
      onConfirm={() => close(true)}
      onClose={() => close(false)}
    />
  );
  return { confirm, dialog };
}
