import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  choose,
  chooseLanguage,
  clickElement,
  fill,
  screenshot,
  signIn,
  textOf,
  tid,
  waitForPath,
  waitForText,
} from './support/console.js';
import { waitForSelectMessage, waitForNotification, waitForNoNotification } from './support/messages.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';
import { person } from './support/tax-paper-members.js';
import { businessYear } from './support/dates.js';

describe('tax papers: exemption orders and non-assessment certificates', () => {
  let product: Product;
  let token: string;
  /** Karin Kaiser: married, no spouse recorded until the test enters one who is not a member. */
  let karin: string;
  /** Klaus Kaiser: a member. */
  let klaus: string;
  /** Lena Lang: married, the spouse (Klaus, for the test) linked in the member data. */
  let lena: string;
  /** Stadtwerke Musterstadt GmbH: a legal entity. */
  let firm: string;
  const year = businessYear();

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    karin = await seedMember(product, token, person('Karin', 'Kaiser'));
    klaus = await seedMember(product, token, person('Klaus', 'Kaiser'));
    lena = await seedMember(
      product,
      token,
      person('Lena', 'Lang', { spouse: klaus, spouseGivenName: 'Klaus', spouseName: 'Kaiser' }),
    );
    firm = await seedMember(
      product,
      token,
      person('', 'Stadtwerke Musterstadt GmbH', {
        legalForm: 1,
        givenName: null,
        salutation: null,
        postalSalutation: 'company',
        birthDate: null,
        civilStatus: null,
        title: null,
      }),
    );
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('records a joint exemption order with a spouse who is not a member (entered in the member form, no warning), refuses an overlapping one, corrects it with history, in English and German', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/member/${karin}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/member/${karin}`, 'the member dashboard');
    await page.waitForSelector(tid('member-exemption-orders'));
    await screenshot(page, 'tax-dashboard-empty');

    // A joint order without a spouse recorded for the member: said in the form, and the server's message on saving.
    await clickElement(page, tid('member-add-exemption-order'));
    await waitForPath(page, (p) => p === `/exemption-orders/new/member/${karin}`, 'the new exemption order form');
    await page.waitForSelector('input[name="amount"]');
    await waitForText(page, tid('form-title'), 'Kaiser, Karin');
    await fill(page, 'input[name="amount"]', '2.000,00');
    await page.click('input[name="joint"]');
    await page.waitForSelector(tid('exemption-order-no-spouse'));
    await page.click(tid('save'));
    // (under the switch, which names no helper text: read from the form)
    await waitForText(
      page,
      tid('exemption-order-form'),
      "A joint order needs a spouse or civil partner recorded in the member's master data",
    );
    await screenshot(page, 'tax-order-joint-without-spouse-en');

    // The same in German (the language change starts the form afresh).
    await chooseLanguage(page, 'de');
    await waitForText(page, tid('save'), 'Speichern');
    await page.waitForSelector('input[name="amount"]');
    await fill(page, 'input[name="amount"]', '2.000,00');
    await page.click('input[name="joint"]');
    await waitForText(
      page,
      tid('exemption-order-no-spouse'),
      'In den Stammdaten ist kein Ehegatte oder Lebenspartner erfasst',
    );
    await page.click(tid('save'));
    await waitForText(
      page,
      tid('exemption-order-form'),
      'Ein gemeinsamer Freistellungsauftrag setzt einen in den Stammdaten erfassten Ehegatten oder Lebenspartner voraus',
    );
    await screenshot(page, 'tax-order-joint-without-spouse-de');
    await chooseLanguage(page, 'en');
    await waitForText(page, tid('save'), 'Save');

    // The spouse (not a member) and both tax ids entered in the member form.
    await page.goto(`${product.baseUrl}/members/${karin}`);
    await page.waitForSelector(tid('member-section-spouse'));
    await fill(page, 'input[name="spouseGivenName"]', 'Konrad');
    await fill(page, 'input[name="spouseName"]', 'Kaiser');
    await fill(page, 'input[name="spouseTaxId"]', '47036892816');
    await fill(page, 'input[name="manualTaxId"]', '86095742719');
    await screenshot(page, 'tax-member-spouse-tax-id');
    await page.click(tid('save'));
    await waitForPath(page, (p) => p === `/member/${karin}`, 'the dashboard after entering the spouse');
    const master = await product.api(`/members/${karin}`, { token });
    expect(master.body).toMatchObject({
      spouse: null,
      spouseName: 'Kaiser',
      spouseGivenName: 'Konrad',
      spouseTaxId: '47036892816',
      manualTaxId: '86095742719',
    });

    // Now the joint order: the form names the spouse it covers and warns of nothing; this year and the two following.
    await clickElement(page, tid('member-add-exemption-order'));
    await waitForPath(page, (p) => p === `/exemption-orders/new/member/${karin}`, 'the new exemption order form again');
    await page.waitForSelector('input[name="amount"]');
    await fill(page, 'input[name="amount"]', '2.000,00');
    await page.click('input[name="joint"]');
    await waitForText(page, tid('exemption-order-spouse'), 'Kaiser, Konrad');
    await choose(page, 'exemption-order-endDate', `${year + 2}-12-31`);
    await waitForText(page, tid('exemption-order-allowance'), '2.000,00 €');
    expect(await page.$(tid('exemption-order-taxid-warning-form'))).toBeNull();
    await screenshot(page, 'tax-order-joint-filled');
    await page.click(tid('save'));
    await waitForPath(page, (p) => p === `/member/${karin}`, 'back on the dashboard');
    await page.waitForSelector(
      `${tid('member-exemption-orders')} [data-testid="exemption-order-row"][data-state="active"]`,
    );
    await waitForText(page, tid('member-exemption-orders'), 'Joint with Kaiser, Konrad');
    await waitForText(page, tid('member-exemption-orders'), '2.000,00 €');
    await waitForText(page, tid('member-exemption-orders'), `31.12.${year + 2}`);
    await waitForText(page, tid('member-exemption-orders'), 'Active');
    expect(await page.$(tid('exemption-order-taxid-warning'))).toBeNull();
    expect(await page.$(tid('member-taxid-warning'))).toBeNull();
    await screenshot(page, 'tax-dashboard-order-active');
    const orders = await product.api(`/exemptionorders?filter=member:${karin}`, { token });
    expect(orders.body).toEqual([
      expect.objectContaining({
        joint: true,
        spouse: null,
        spouseName: 'Kaiser, Konrad',
        memberTaxIdMissing: false,
        spouseTaxIdMissing: false,
        amount: 200_000,
        startDate: `${year}-01-01`,
        endDate: `${year + 2}-12-31`,
        state: 'active',
      }),
    ]);
    const firstId = (orders.body as Array<{ id: string }>)[0]!.id;

    // A second order overlapping the first is refused with the conflict message; the other order is marked.
    await clickElement(page, tid('member-add-exemption-order'));
    await waitForPath(
      page,
      (p) => p === `/exemption-orders/new/member/${karin}`,
      'the new exemption order form, a second time',
    );
    await page.waitForSelector('input[name="amount"]');
    await fill(page, 'input[name="amount"]', '500,00');
    await page.click(tid('save'));
    await waitForNotification(page, 'Conflict with another exemption order of this member (marked below)');
    expect(await textOf(page, '.MuiSnackbarContent-message')).not.toContain(firstId); // a clerk reads no ids
    await page.waitForSelector(`[data-testid="exemption-order-row"][data-id="${firstId}"] ${tid('paper-conflict')}`);
    await screenshot(page, 'tax-order-overlap-en');
    await waitForNoNotification(page);
    await chooseLanguage(page, 'de');
    await waitForText(page, tid('save'), 'Speichern');
    await page.waitForSelector('input[name="amount"]');
    await fill(page, 'input[name="amount"]', '500,00');
    await page.click(tid('save'));
    await waitForNotification(page, 'Überschneidung mit einem anderen Freistellungsauftrag des Mitglieds');
    await screenshot(page, 'tax-order-overlap-de');
    await chooseLanguage(page, 'en');
    await waitForText(page, tid('save'), 'Save');

    // Correct the first order: a new event; the history shows both versions.
    await page.goto(`${product.baseUrl}/member/${karin}`);
    await page.waitForSelector(`${tid('member-exemption-orders')} ${tid('exemption-order-open')}`);
    await page.click(`${tid('member-exemption-orders')} ${tid('exemption-order-open')}`);
    await waitForPath(page, (p) => p === `/exemption-orders/${firstId}`, 'the exemption order form');
    await page.waitForFunction(
      () => (document.querySelector('input[name="amount"]') as HTMLInputElement | null)?.value === '2.000,00',
    );
    await fill(page, 'input[name="amount"]', '1.800,00');
    await page.click(tid('save'));
    await waitForPath(page, (p) => p === `/member/${karin}`, 'the dashboard after the correction');
    await waitForText(page, tid('member-exemption-orders'), '1.800,00 €');
    await page.goto(`${product.baseUrl}/exemption-orders/${firstId}`);
    await page.waitForSelector('[data-testid="paper-history-entry"][data-type="ExemptionOrderCorrected"]');
    await page.waitForSelector('[data-testid="paper-history-entry"][data-type="ExemptionOrderRecorded"]');
    await waitForText(page, tid('paper-history'), '2.000,00 € → 1.800,00 €');
    await screenshot(page, 'tax-order-edit-history');

    // The list (menu 5): the order by member, with its state.
    await page.click(tid('menu-exemption-orders'));
    await waitForPath(page, (p) => p === '/exemption-orders', '/exemption-orders');
    await page.waitForSelector(`[data-testid="exemption-orders-row"][data-id="${firstId}"][data-state="active"]`);
    await waitForText(page, tid('exemption-orders-list'), 'Kaiser, Karin');
    await screenshot(page, 'tax-order-list');

    // A member with a linked spouse: a joint order covers the linked member; without Lena's tax id the form warns.
    await page.goto(`${product.baseUrl}/member/${lena}`);
    await clickElement(page, tid('member-add-exemption-order'));
    await waitForPath(page, (p) => p === `/exemption-orders/new/member/${lena}`, 'the new order form for Lena');
    await page.waitForSelector('input[name="joint"]');
    await page.click('input[name="joint"]');
    await waitForText(page, tid('exemption-order-spouse'), 'Kaiser, Klaus');
    await waitForText(page, tid('exemption-order-taxid-warning-form'), "The member's tax id (Steuer-ID) is missing");
    await screenshot(page, 'tax-order-spouse-linked');
    await page.browserContext().close();
  }, 180_000);

  it("a legal entity's dashboard offers no exemption order (and says why), but certificates", async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/member/${firm}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/member/${firm}`, "the legal entity's dashboard");
    await waitForText(page, tid('member-no-exemption-order'), 'A legal entity cannot give an exemption order.');
    await page.waitForSelector(tid('member-add-non-assessment'));
    expect(await page.$(tid('member-add-exemption-order'))).toBeNull();
    await screenshot(page, 'tax-legal-entity-dashboard');
    // The API refuses it too, with its message.
    const refused = await product.api('/exemptionorders', {
      method: 'POST',
      token,
      body: {
        member: firm,
        type: 0,
        joint: false,
        amount: 10_000,
        date: `${year}-01-02`,
        startDate: `${year}-01-01`,
        endDate: null,
      },
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      { errors: [{ field: 'member', template: 'exemptionOrderNotForLegalEntity', parameters: {} }] },
    ]);
    await chooseLanguage(page, 'de');
    await waitForText(
      page,
      tid('member-no-exemption-order'),
      'Juristische Personen können keinen Freistellungsauftrag erteilen.',
    );
    await chooseLanguage(page, 'en');
    await page.browserContext().close();
  }, 90_000);

  it('refuses a non-assessment certificate longer than 3 years, in English and German, then records it', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/member/${karin}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/member/${karin}`, 'the member dashboard');
    await page.waitForSelector(tid('member-add-non-assessment'));
    await page.click(tid('member-add-non-assessment'));
    await waitForPath(page, (p) => p === `/non-assessments/new/member/${karin}`, 'the new certificate form');
    await page.waitForSelector('input[name="orderNumber"]');

    const fillCertificate = async () => {
      await page.waitForSelector('input[name="orderNumber"]');
      await fill(page, 'input[name="orderNumber"]', '27/815/00815 NV 1');
      await fill(page, 'input[name="taxAuthorities"]', 'Finanzamt Berlin-Mitte');
      await choose(page, 'non-assessment-startDate', `${year - 2}-01-01`);
      await choose(page, 'non-assessment-endDate', `${year + 3}-12-31`);
    };
    await fillCertificate();
    await waitForText(page, tid('non-assessment-type'), 'Full exemption (NV 100)');
    await page.click(tid('save'));
    await waitForSelectMessage(page, 'endDate', 'The date range exceeds 3 years');
    await screenshot(page, 'tax-nv-too-long-en');

    await chooseLanguage(page, 'de');
    await waitForText(page, tid('save'), 'Speichern');
    await fillCertificate();
    await waitForText(page, tid('non-assessment-type'), 'Vollständige Abstandnahme (NV 100)');
    await page.click(tid('save'));
    await waitForSelectMessage(page, 'endDate', 'Der Zeitraum überschreitet 3 Jahre');
    await screenshot(page, 'tax-nv-too-long-de');
    await chooseLanguage(page, 'en');
    await waitForText(page, tid('save'), 'Save');

    // Three fifths withheld, from this year to the end of the year after next, original on file.
    await page.waitForSelector('input[name="orderNumber"]');
    await fill(page, 'input[name="orderNumber"]', '27/815/00815 NV 2');
    await fill(page, 'input[name="taxAuthorities"]', 'Finanzamt Berlin-Mitte');
    await choose(page, 'non-assessment-type', '60');
    await page.click('input[name="original"]');
    await choose(page, 'non-assessment-endDate', `${year + 2}-12-31`);
    await screenshot(page, 'tax-nv-filled');
    await page.click(tid('save'));
    await waitForPath(page, (p) => p === `/member/${karin}`, 'back on the dashboard');
    await page.waitForSelector(
      `${tid('member-non-assessments')} [data-testid="non-assessment-row"][data-state="active"]`,
    );
    await waitForText(page, tid('member-non-assessments'), 'Three fifths withheld (NV 60)');
    await waitForText(page, tid('member-non-assessments'), 'Original on file');
    await screenshot(page, 'tax-dashboard-nv-active');

    const certificates = await product.api(`/nonassessments?filter=member:${karin}`, { token });
    const nvId = (certificates.body as Array<{ id: string }>)[0]!.id;
    expect(certificates.body).toEqual([
      expect.objectContaining({
        type: 60,
        original: true,
        startDate: `${year}-01-01`,
        endDate: `${year + 2}-12-31`,
        state: 'active',
      }),
    ]);

    // The edit path is singular (SPEC 2); the list (menu 6) shows the certificate.
    await page.click(`${tid('member-non-assessments')} ${tid('non-assessment-open')}`);
    await waitForPath(page, (p) => p === `/non-assessment/${nvId}`, 'the certificate form');
    await page.waitForSelector('[data-testid="paper-history-entry"][data-type="NonAssessmentRecorded"]');
    await screenshot(page, 'tax-nv-edit');
    await page.click(tid('menu-non-assessments'));
    await waitForPath(page, (p) => p === '/non-assessments', '/non-assessments');
    await page.waitForSelector(`[data-testid="non-assessments-row"][data-id="${nvId}"]`);
    await chooseLanguage(page, 'de');
    await waitForText(page, tid('non-assessments-list'), 'Drei Fünftel Steuerabzug (NV 60)');
    await screenshot(page, 'tax-nv-list-de');
    await chooseLanguage(page, 'en');
    await page.browserContext().close();
  }, 150_000);

  it('a restricted user sees the tax papers and their history, without add or save', async () => {
    const created = await product.api('/users', {
      method: 'POST',
      token,
      body: {
        username: 'auditor',
        password: 'Pruefung-Pass-1',
        passwordRepeat: 'Pruefung-Pass-1',
        roles: ['ROLE_RESTRICTED_USER'],
      },
    });
    expect(created.status).toBe(201);
    const orders = await product.api(`/exemptionorders?filter=member:${karin}`, { token });
    const orderId = (orders.body as Array<{ id: string }>)[0]!.id;
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/member/${karin}`);
    await signIn(page, 'auditor', 'Pruefung-Pass-1');
    await waitForPath(page, (p) => p === `/member/${karin}`, 'the member dashboard');
    await page.waitForSelector(
      `${tid('member-exemption-orders')} [data-testid="exemption-order-row"][data-id="${orderId}"]`,
    );
    await page.waitForSelector(`${tid('member-non-assessments')} [data-testid="non-assessment-row"]`);
    expect(await page.$(tid('member-add-exemption-order'))).toBeNull();
    expect(await page.$(tid('member-add-non-assessment'))).toBeNull();
    await page.click(`${tid('member-exemption-orders')} ${tid('exemption-order-open')}`);
    await waitForPath(page, (p) => p === `/exemption-orders/${orderId}`, 'the order, read only');
    await page.waitForSelector(tid('paper-read-only'));
    await page.waitForSelector('[data-testid="paper-history-entry"][data-type="ExemptionOrderCorrected"]');
    expect(await page.$(tid('save'))).toBeNull();
    await screenshot(page, 'tax-order-read-only');
    await page.click(tid('menu-exemption-orders'));
    await waitForPath(page, (p) => p === '/exemption-orders', '/exemption-orders');
    await page.waitForSelector(`[data-testid="exemption-orders-row"][data-id="${orderId}"]`);
    expect(await page.$(tid('exemption-orders-add'))).toBeNull();
    await page.browserContext().close();
  }, 90_000);
});
