/**
 * The day a membership began (§ 15 GenG, DOMAIN.md 9.1; decision 314): the later of declaration and admission. The rule
 * lives in contracts (`contracts/src/joining.ts`, beside `sharesFrom`, the day a posting's shares count from) because
 * the members projector applies both too (the member list's `memberFrom`, each posting's `sharesFrom`).
 */
export { joinedOn } from '@coop/contracts';
