import { IsInt, IsString } from 'class-validator';
import { AsText, rule } from './rules.js';

/**
 * `POST /login`. Sign-in answers one message for every refusal (401 "Invalid username or password"), never a field
 * error: the API reads this body without the validation pipe's answer, so the fields only declare the shape.
 */
export class LoginRequest {
  @AsText() @IsString(rule('mustNotBeEmpty')) username: string = '';
  @AsText() @IsString(rule('mustNotBeEmpty')) password: string = '';
}

/** `POST /login`, `GET /ping`: an HS256 JWT with exp, username, roles, cooperative. */
export class TokenAnswer {
  @IsString() readonly token!: string;
}

/** `POST /admin/projections/rebuild`: how many events were replayed. */
export class RebuildAnswer {
  @IsInt() readonly events!: number;
}
