// What a clerk does before closing when the calculation names members whose exemption order needs a tax id they lack
// (`taxIdMissing`) or a joint order whose spouse's tax id is missing (`spouseTaxIdMissing`): enters the ids in the
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
 * Enters the tax ids the calculation's `errors` ask for; answers `{ members, requests, ms }` (members changed, requests
 * sent). A `taxIdMissing` member gets a `manualTaxId`; a `spouseTaxIdMissing` member gets its spouse's id as
 * `spouseTaxId` (the spouse member's own id, new or old, or a new one when the spouse is not a member).
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
    if (res.status !== 200 && res.status !== 202)
      throw new Error(`PUT /members/${member.id}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const concerned = (code) => errors.find((e) => e.code === code)?.members ?? [];
  for (const id of concerned('taxIdMissing')) {
    const taxId = taxIdFrom(random);
    await putMember(await getMember(id), { manualTaxId: taxId });
    given.set(id, taxId);
  }
  for (const id of concerned('spouseTaxIdMissing')) {
    const member = await getMember(id);
    let spouseTaxId = member.spouse ? given.get(member.spouse) : undefined;
    if (!spouseTaxId && member.spouse) {
      const spouse = await getMember(member.spouse);
      spouseTaxId = [spouse.taxId, spouse.manualTaxId].find((t) => typeof t === 'string' && /^[1-9]/.test(t));
    }
    await putMember(member, { spouseTaxId: spouseTaxId ?? taxIdFrom(random) });
  }
  const members = new Set([...concerned('taxIdMissing'), ...concerned('spouseTaxIdMissing')]).size;
  return { members, requests, ms: Math.round(performance.now() - t0) };
}
