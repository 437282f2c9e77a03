// What a clerk does before closing when the calculation names members whose exemption order or non-assessment
// certificate needs a tax id they lack (`taxIdMissing`, `nvTaxIdMissing`) or a joint order whose spouse's tax id is
// missing (`spouseTaxIdMissing`): enters the ids in the
// members' master data through the API (`GET` then `PUT /api/v1/members/{id}`, as the console's form sends the record).
// The demo generator gives some married couples a joint order while one of them has no tax id, so its fills need this
// before a closure can be made. The ids are made up, with valid check digits, from a seeded PRNG.
import { built, rng } from '../lib.js';

const { isValidSteuerId, steuerIdCheckDigit } = await built('contracts/dist/index.js');

/** A valid Steuer-IdNr: ten digits (one of them twice, the first not 0), then the check digit. */
function taxIdFrom(random) {
  for (;;) {
    const first10 =
      String(1 + Math.floor(random() * 9)) + Array.from({ length: 9 }, () => Math.floor(random() * 10)).join('');
    const id = first10 + String(steuerIdCheckDigit(first10));
    if (isValidSteuerId(id)) return id;
  }
}

/**
 * Enters the tax ids the calculation's `errors` ask for; answers `{ members, requests, ms }` (members named, requests
 * sent). A `taxIdMissing` or `nvTaxIdMissing` member gets a `manualTaxId`; for a `spouseTaxIdMissing` member the spouse
 * member without a tax id gets one, or the member a `spouseTaxId` when the spouse is not a member.
 */
export async function enterMissingTaxIds(url, auth, errors) {
  const t0 = performance.now();
  const random = rng(23);
  const given = new Map();
  let requests = 0;
  const getMember = async (id) => {
    requests += 1;
    const res = await fetch(`${url}/api/v1/members/${id}`, { headers: auth });
    if (res.status !== 200) throw new Error(`GET /members/${id}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const putMember = async (member, change) => {
    requests += 1;
    const res = await fetch(`${url}/api/v1/members/${member.id}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...member, ...change, confirmWarnings: true }),
    });
    // 202: saved, not yet in the read models (they are busy); the caller waits for them before it reads again.
    if (res.status === 200 || res.status === 202) {
      await res.arrayBuffer();
      return true;
    }
    const text = await res.text();
    // A made-up id another person of the fill already has (at 200,000 members one of about 6,000 drawn was): another.
    if (res.status === 400 && text.includes('"taxIdTaken"')) return false;
    throw new Error(`PUT /members/${member.id}: ${res.status} ${text}`);
  };
  /** Puts the change `field: <a made-up tax id>` until an id nobody has is drawn; answers the id. */
  const putNewTaxId = async (member, field) => {
    for (let tries = 0; tries < 10; tries++) {
      const taxId = taxIdFrom(random);
      if (await putMember(member, { [field]: taxId })) return taxId;
    }
    throw new Error(`PUT /members/${member.id}: ten made-up tax ids were all taken`);
  };
  const concerned = (code) => errors.find((e) => e.code === code)?.members ?? [];
  const ownTaxId = (member) =>
    [member.manualTaxId, member.taxId].find((t) => typeof t === 'string' && /^[1-9]/.test(t));
  const giveTaxId = async (member) => {
    const taxId = await putNewTaxId(member, 'manualTaxId');
    given.set(member.id, taxId);
    return taxId;
  };
  // An exemption order's holder and a non-assessment certificate's holder (NV 100) without a tax id get one.
  for (const id of [...concerned('taxIdMissing'), ...concerned('nvTaxIdMissing')]) {
    if (!given.has(id)) await giveTaxId(await getMember(id));
  }
  // A joint order's other spouse: a member keeps one tax id, its own (issue 43), so a spouse who is a member without
  // one gets it in its own record; a spouse who is not a member is entered on the order's holder as `spouseTaxId`.
  for (const id of concerned('spouseTaxIdMissing')) {
    const member = await getMember(id);
    if (!member.spouse) {
      await putNewTaxId(member, 'spouseTaxId');
      continue;
    }
    if (given.has(member.spouse)) continue;
    const spouse = await getMember(member.spouse);
    if (!ownTaxId(spouse)) await giveTaxId(spouse);
  }
  const members = new Set([
    ...concerned('taxIdMissing'),
    ...concerned('nvTaxIdMissing'),
    ...concerned('spouseTaxIdMissing'),
  ]).size;
  return { members, requests, ms: Math.round(performance.now() - t0) };
}
