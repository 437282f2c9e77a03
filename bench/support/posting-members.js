// The members bench/members.js reads and posts to, from the read store of the app it measures: every member's id
// (for the dashboards), and those a posting of further shares is taken for. Only ids are kept, read a page at a time:
// all documents at once (about 200 MB of objects at 100,000 members) grew the server's heap, which a real API process
// does not carry, and its later garbage collections fell into the measured runs.

/** Documents read at a time: small pages die young instead of growing the server's heap. */
const PAGE = 2000;

/** Each document of the cooperative in `collection`, read a page at a time by id. */
async function* documents(readStore, cooperativeId, collection) {
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await readStore.find(collection, {
      cooperativeId,
      sort: [{ field: 'id', direction: 'asc' }],
      offset,
      limit: PAGE,
    });
    yield* items;
    if (items.length < PAGE) return;
  }
}

/**
 * `memberIds`: every member; `notExited`: how many have no exit recorded; `owing`: how many owe on their shares;
 * `postable`: the members not exited who owe nothing. § 15b GenG (issue 45): a member whose earlier shares are not paid
 * in full may not take further shares (400 `earlierSharesNotPaid`), and the generator leaves some subscriptions unpaid,
 * so their members are not posted to, as those who exited are not.
 */
export async function postingMembers(readStore, cooperativeId, collections) {
  const memberIds = [];
  const notExited = [];
  for await (const d of documents(readStore, cooperativeId, collections.members)) {
    memberIds.push(d.id);
    if (d.exitDate === null) notExited.push(d.id);
  }
  const owing = new Set();
  for await (const d of documents(readStore, cooperativeId, collections.shareDues)) owing.add(d.member);
  const postable = notExited.filter((id) => !owing.has(id));
  return { memberIds, notExited: notExited.length, owing: owing.size, postable };
}
