import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { CreateBase, EditBase, Form, useEditContext, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { EditHeader } from '../common/EditHeader';
import { PageTitle } from '../layout/PageTitle';
import { PageLoading } from '../layout/PageLoading';
import { memberLabel, memberName, type MemberRecord } from '../members/model';
import { can, useSession } from '../session/session';
import { LoadError, PaperLayout, useBackTo, useFrom } from './PaperLayout';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';

/** The fields of one kind of paper; `currentId` is the paper being corrected (none for a new one). */
export type PaperFields = ComponentType<{ member: MemberRecord | undefined; canWrite: boolean; currentId?: string }>;

/** What differs between the forms of an exemption order and a non-assessment certificate. */
export interface PaperKind<R extends RaRecord> {
  readonly resource: 'exemptionorders' | 'nonassessments';
  readonly testId: string;
  /** Message keys of the page titles, each with `%{name}`. */
  readonly newTitle: string;
  readonly editTitle: string;
  /** The form's values for a new paper of the member, and for an existing paper. */
  readonly newRecord: (member: MemberRecord) => Record<string, unknown>;
  readonly toForm: (record: R) => Record<string, unknown>;
  /** The whole paper as the API takes it. */
  readonly toApi: (data: RaRecord, member: string) => Record<string, unknown>;
  readonly Fields: PaperFields;
}

function NewPaper<R extends RaRecord>({ kind, memberId }: { kind: PaperKind<R>; memberId: string }) {
  const translate = useTranslate();
  const canWrite = can(useSession(), 'taxpapers:write');
  const backTo = useBackTo(memberId);
  const leave = useLeaveWhenSaved(backTo, { resource: kind.resource, action: 'created', redirect: backTo });
  const {
    data: member,
    isPending,
    error,
  } = useGetOne<MemberRecord>('members', { id: memberId }, { enabled: !!memberId });
  if (isPending) return <PageLoading />;
  if (error || !member) return <LoadError error={error} />;
  const title = translate(kind.newTitle, { name: memberLabel(member) });
  const { Fields } = kind;
  return (
    <PaperLayout testId={kind.testId} historyResource={kind.resource}>
      <CreateBase
        resource={kind.resource}
        record={kind.newRecord(member)}
        transform={(data: RaRecord) => kind.toApi(data, member.id)}
        redirect={() => backTo}
        mutationOptions={leave}
      >
        <Form warnWhenUnsavedChanges={false} disableInvalidFormNotification>
          <FormErrorNotice />
          <PageTitle title={title} />
          <EditHeader title={title} backTo={backTo} canSave={canWrite} />
          <Fields member={member} canWrite={canWrite} />
        </Form>
      </CreateBase>
    </PaperLayout>
  );
}

function EditForm<R extends RaRecord & { member: string; memberName?: string | null }>({
  kind,
}: {
  kind: PaperKind<R>;
}) {
  const { record, isPending, error } = useEditContext<R>();
  const translate = useTranslate();
  const canWrite = can(useSession(), 'taxpapers:write');
  const { data: member } = useGetOne<MemberRecord>(
    'members',
    { id: record?.member ?? '' },
    { enabled: !!record?.member },
  );
  const backTo = useBackTo(record?.member);
  if (isPending) return <PageLoading />;
  if (error || !record) return <LoadError error={error} />;
  const title = translate(kind.editTitle, { name: member ? memberName(member) : (record.memberName ?? '') });
  const { Fields } = kind;
  return (
    <Form record={kind.toForm(record)} warnWhenUnsavedChanges={false} disableInvalidFormNotification>
      <FormErrorNotice />
      <PageTitle title={title} />
      <EditHeader title={title} backTo={backTo} canSave={canWrite} />
      <Fields member={member} canWrite={canWrite} currentId={String(record.id)} />
    </Form>
  );
}

function EditPaper<R extends RaRecord & { member: string; memberName?: string | null }>({
  kind,
  id,
}: {
  kind: PaperKind<R>;
  id: string;
}) {
  const from = useFrom();
  const leave = useLeaveWhenSaved(from ?? `/${kind.resource}`, {
    resource: kind.resource,
    action: 'updated',
    redirect: (_resource, _id, data) =>
      from ?? `/member/${encodeURIComponent(String((data as RaRecord | undefined)?.member ?? ''))}`,
  });
  return (
    <PaperLayout testId={kind.testId} historyResource={kind.resource} id={id}>
      <EditBase
        key={id}
        resource={kind.resource}
        id={id}
        mutationMode="pessimistic"
        transform={(data: RaRecord) => kind.toApi(data, String(data.member))}
        redirect={(_resource, _id, data) =>
          from ?? `/member/${encodeURIComponent(String((data as RaRecord | undefined)?.member ?? ''))}`
        }
        mutationOptions={leave}
      >
        <EditForm kind={kind} />
      </EditBase>
    </PaperLayout>
  );
}

/** A paper's page: `…/new/member/{member}` records a new one, `…/{id}` corrects one (with its history beside it). */
export function PaperForm<R extends RaRecord & { member: string; memberName?: string | null }>({
  kind,
}: {
  kind: PaperKind<R>;
}) {
  const params = useParams();
  if (params.member) return <NewPaper kind={kind} memberId={params.member} />;
  return <EditPaper kind={kind} id={params.id ?? ''} />;
}
