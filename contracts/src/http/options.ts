import { IsString } from 'class-validator';

/** One choice of `GET /{endpoint}/options` (a dropdown's entry). */
export class Option {
  @IsString() readonly key!: string;
  @IsString() readonly value!: string;
}
