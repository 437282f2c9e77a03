import { Box, Card, CardContent, CardHeader } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { InfoList } from '../common/Section';
import { formatDate, formatIban } from '../format';
import { churchName, memberName, type MemberRecord } from './model';
import { cardTitle } from './cardTitle';

/** The member dashboard's cards of master data: the person or firm, contact, bank. */
export function MasterCard({ m }: { m: MemberRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.members.fields.${field}`);
  const code = (list: string, v: unknown) =>
    v === null || v === undefined ? '' : translate(`coop.members.${list}.${String(v)}`, { _: String(v) });
  const natural = m.legalForm !== 1;
  const rows: Array<readonly [string, React.ReactNode, string?]> = [
    [f('memberNr'), m.memberNr ?? '', 'member-memberNr'],
    [f('legalForm'), code('legalForms', m.legalForm)],
    [
      f('name'),
      [m.title && m.title !== 'none' ? code('titles', m.title) : '', memberName(m)].filter(Boolean).join(' '),
      'member-name',
    ],
  ];
  if (natural) {
    rows.push([f('birthDate'), formatDate(m.birthDate)]);
    if (m.birthName) rows.push([f('birthName'), m.birthName]);
    rows.push([f('civilStatus'), code('civilStatuses', m.civilStatus)]);
    if (m.spouse || m.spouseName) {
      rows.push([
        translate('coop.members.spouseLink'),
        m.spouse ? (
          <RouterLink to={`/member/${encodeURIComponent(m.spouse)}`} data-testid="member-spouse-link">
            {[m.spouseName, m.spouseGivenName].filter(Boolean).join(', ') || translate('coop.members.spouseLink')}
          </RouterLink>
        ) : (
          [m.spouseName, m.spouseGivenName].filter(Boolean).join(', ')
        ),
      ]);
    }
    if (m.underage) rows.push([f('legalRepresentation'), m.legalRepresentation ?? '']);
  }
  rows.push(
    [f('memberType'), code('memberTypes', m.memberType)],
    [f('position'), code('positions', m.position)],
    [f('entryDate'), formatDate(m.entryDate), 'member-entryDate'],
    [f('approvalDate'), formatDate(m.approvalDate)],
    [f('interestBegin'), formatDate(m.interestBegin)],
  );
  if (m.exitDate)
    rows.push([
      f('exitDate'),
      `${formatDate(m.exitDate)}${m.exitReason ? ` (${code('exitReasons', m.exitReason)})` : ''}`,
      'member-exitDate',
    ]);
  return (
    <Card component="section" data-testid="member-master-card" sx={{ height: '100%' }}>
      <CardHeader title={translate('coop.members.cards.master')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <InfoList rows={rows} />
      </CardContent>
    </Card>
  );
}

export function ContactCard({ m }: { m: MemberRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.members.fields.${field}`);
  const place = m.isForeign ? m.country : m.state ? translate(`coop.members.states.${m.state}`, { _: m.state }) : '';
  return (
    <Card component="section" data-testid="member-contact-card" sx={{ height: '100%' }}>
      <CardHeader title={translate('coop.members.cards.contact')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <InfoList
          rows={[
            [
              translate('coop.members.sections.address'),
              <>
                {[m.street, m.streetHomeNumber].filter(Boolean).join(' ')}
                <br />
                {[m.zipCode, m.city].filter(Boolean).join(' ')}
                {place ? (
                  <>
                    <br />
                    {place}
                  </>
                ) : null}
              </>,
              'member-address',
            ],
            [f('privateEmail'), m.privateEmail ? <a href={`mailto:${m.privateEmail}`}>{m.privateEmail}</a> : ''],
            [f('privateTelephone'), m.privateTelephone ?? ''],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function BankCard({ m }: { m: MemberRecord }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.members.fields.${field}`);
  return (
    <Card component="section" data-testid="member-bank-card" sx={{ height: '100%' }}>
      <CardHeader title={translate('coop.members.cards.bank')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <InfoList
          rows={[
            [f('bankname'), m.bankname ?? ''],
            ...(m.accountHolder ? [[f('accountHolder'), m.accountHolder, 'member-accountHolder'] as const] : []),
            [
              f('iban'),
              m.iban ? (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {formatIban(m.iban)}
                </Box>
              ) : (
                ''
              ),
              'member-iban',
            ],
            [
              f('bic'),
              m.bic ? (
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {m.bic}
                </Box>
              ) : (
                ''
              ),
            ],
            [f('manualTaxId'), m.manualTaxId ?? ''],
            [
              f('churchId'),
              [churchName(translate, m.churchId), m.churchTaxRate ? `${m.churchTaxRate} %` : '']
                .filter(Boolean)
                .join(' · '),
              'member-church',
            ],
          ]}
        />
      </CardContent>
    </Card>
  );
}
