import { useEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { useNotify, useRecordContext } from 'react-admin';
import { leaveDraft, takeDraft, type Draft } from '../session/drafts';
import { currentSession } from '../session/session';

/** Sent back with a draft although unchanged: a change made meanwhile is then refused, not written over (decision 418). */
const VERSION_FIELDS = ['masterTag'];

/**
 * Keeps what the clerk typed when the session ends unasked (decision 426, `session/drafts.ts`): the changed fields are
 * left when the form goes, and put back, with a notice, when the same user signs in and the form shows again. Rendered
 * by EditHeader, so every form has it.
 */
export function DraftKeeper() {
  const { getValues, setValue } = useFormContext();
  const { dirtyFields } = useFormState();
  const notify = useNotify();
  const record = useRecordContext();
  const location = useLocation();
  const place = location.pathname + location.search;
  const changed = useRef<string[]>([]);
  changed.current = Object.keys(dirtyFields);
  const user = useRef(currentSession()?.sub ?? null);
  const restored = useRef<Draft['values'] | null>(null);

  useEffect(() => {
    const me = user.current;
    if (me === null) return undefined;
    restored.current = takeDraft(me, place);
    const told = restored.current
      ? window.setTimeout(() => notify('coop.draft.restored', { type: 'info' }), 0)
      : undefined;
    return () => {
      window.clearTimeout(told);
      const values = getValues() as Record<string, unknown>;
      const kept: Record<string, unknown> = {};
      for (const field of changed.current) kept[field] = values[field];
      if (changed.current.length > 0)
        for (const field of VERSION_FIELDS) if (field in values) kept[field] = values[field];
      leaveDraft({ user: me, place, values: kept });
    };
  }, [place, getValues, notify]);

  // After the form's own effects: react-admin's Form resets its values to the record when it shows and whenever the
  // record is read anew (another clerk's change), after its children's effects ran. The draft goes back each time, with
  // the tag it was read under, so the save is refused if the record changed meanwhile.
  useEffect(() => {
    const draft = restored.current;
    if (!draft) return undefined;
    const putBack = window.setTimeout(() => {
      for (const [field, value] of Object.entries(draft)) setValue(field, value, { shouldDirty: true });
    }, 0);
    return () => window.clearTimeout(putBack);
  }, [record, setValue]);

  return null;
}
