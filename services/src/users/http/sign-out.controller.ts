import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { CurrentActor, SignedIn, type AuthenticatedRequest } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { SignOutCommand } from '../commands/user.commands.js';

/** `POST /logout` (issue 38): the sign-out is a write on the user's stream that ends every token of the user. */
@ApiTags('session')
@ApiBearerAuth()
@Controller()
export class SignOutController {
  constructor(private readonly commands: CommandBus) {}

  @Post('logout')
  @SignedIn()
  @HttpCode(204)
  @ApiNoContentResponse()
  async signOut(@CurrentActor() actor: Actor, @Req() req: AuthenticatedRequest): Promise<void> {
    req.sessionEnded = true;
    await this.commands.execute(new SignOutCommand(contextFor(actor)));
  }
}
