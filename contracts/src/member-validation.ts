import { fieldError } from './validation.js';

export type { MemberValidationTemplate } from './member-validation-templates.js';
export { MEMBER_VALIDATION_TEMPLATES } from './member-validation-templates.js';

/** `fieldError` under the name the members module uses; the member templates are part of `ValidationTemplate`. */
export const memberFieldError = fieldError;
