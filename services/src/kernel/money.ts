/** Euro cents as the validation templates take them: `250,00`, `1.250,00`, `-5,10` (one function, in the contracts). */
export { formatEuro } from '@coop/contracts';
