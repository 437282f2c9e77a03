/**
 * English texts of the dashboard and its set-up checklist: `coop.setup`, `coop.dashboard`, merged into `i18n/en.ts`.
 * German in `dashboard.de.ts`.
 */
export const dashboardEn = {
  setup: {
    title: 'Set up the cooperative first',
    intro: 'These settings are still missing; postings, the dividend and the tax papers need them:',
    steps: {
      balanceCost: 'Share price',
      minimumShares: 'Minimum shares per member',
      bankAccount: 'Bank account (bank name, IBAN, BIC)',
      taxId: 'Tax number',
      taxOffice: 'Tax office',
      elmaNumberFs: 'Approval number for the FSA control report (process fs)',
      elmaNumberKm: 'Approval number for the church-tax query (process km)',
    },
  },
  dashboard: {
    calculateDividend: 'Calculate dividend',
    annualClosures: 'Annual closures',
    settlements: 'Settlements',
    movementReport: 'Movement report',
    shareDues: 'Outstanding payments',
    paymentReminders: 'Reminders',
    directDebits: 'Direct debits',
    welcome: 'Welcome, %{name}',
    members: 'Members',
    memberCount: 'Members',
    memberExitCount: 'Exited members',
    shareCount: 'Shares',
    capital: 'Shares at nominal value',
    toMembers: 'Member list',
    noSharePrice: 'no share price set',
  },
};
