import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { grantableRoles, Option, OwnPasswordChange, UserCreate, UserDto, UserWrite } from '@coop/contracts';
import { USERS } from '@coop/projections/users';
import { cooperativeDocuments } from '../../cooperatives/index.js';
import { CurrentActor, Requires, SignedIn } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { ForbiddenError } from '../../platform/commands/errors.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { toUserDto } from '../queries/user.view.js';
import {
  ChangeOwnPasswordCommand,
  CreateUserCommand,
  DeleteUserCommand,
  UpdateUserCommand,
  type UserInput,
} from '../commands/user.commands.js';

const DEFAULT_SORT = [{ field: 'username', direction: 'asc' }] as const;

function input(body: UserWrite | UserCreate): UserInput {
  return { username: body.username, password: body.password, passwordRepeat: body.passwordRepeat, roles: body.roles };
}

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  @Get()
  @Requires('users:read')
  @AnswersList(UserDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<UserDto[] | undefined> {
    return sendList(res, await this.reads.list(USERS, actor.cooperativeId, params, DEFAULT_SORT), toUserDto);
  }

  @Get('options')
  @Requires('users:read')
  @AnswersOk(Option, true)
  options(
    @CurrentActor() actor: Actor,
    @Query('attribute') attribute: string | undefined,
    @Query('search') search: string | undefined,
  ): Option[] {
    if (attribute !== 'roles') return [];
    const needle = (search ?? '').toLowerCase();
    // Only the roles the actor may grant (issue 38); the users decider refuses the others whatever is sent.
    const grantable = grantableRoles(actor.roles);
    return grantable.filter((r) => r.toLowerCase().includes(needle)).map((r) => ({ key: r, value: r }));
  }

  @Get('me')
  @SignedIn()
  @AnswersOk(UserDto)
  async me(@CurrentActor() actor: Actor): Promise<UserDto> {
    return toUserDto(await this.reads.get(USERS, actor.cooperativeId, actor.userId, 'User'));
  }

  @Put('me/password')
  @Requires('users:own-password')
  @HttpCode(204)
  @BodyOf(OwnPasswordChange)
  @ApiNoContentResponse()
  async changeOwnPassword(@CurrentActor() actor: Actor, @Body() body: OwnPasswordChange): Promise<void> {
    await this.commands.execute(
      new ChangeOwnPasswordCommand(contextFor(actor), body.currentPassword, body.password, body.passwordRepeat),
    );
  }

  @Get(':id')
  @Requires('users:read')
  @AnswersOk(UserDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<UserDto> {
    return toUserDto(await this.reads.get(USERS, actor.cooperativeId, id, 'User'));
  }

  @Post()
  @Requires('users:write')
  @BodyOf(UserCreate)
  @AnswersCreated(UserDto)
  async create(@CurrentActor() actor: Actor, @Body() body: UserCreate): Promise<UserDto> {
    const target = body.cooperative || actor.cooperativeId;
    if (target !== actor.cooperativeId && !allows(actor.roles, 'cooperatives:all')) {
      throw new ForbiddenError(
        'Only a super administrator may create users in another cooperative.',
        'onlySuperAdminOtherCooperative',
      );
    }
    await cooperativeDocuments.get(this.reads, target, target);
    const id = await this.commands.execute(new CreateUserCommand(contextFor(actor), target, input(body)));
    return toUserDto(await this.reads.get(USERS, target, id, 'User'));
  }

  @Put(':id')
  @Requires('users:write')
  @BodyOf(UserWrite)
  @AnswersOk(UserDto)
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UserWrite): Promise<UserDto> {
    await this.commands.execute(new UpdateUserCommand(contextFor(actor), id, input(body), body.masterTag ?? null));
    return toUserDto(await this.reads.get(USERS, actor.cooperativeId, id, 'User'));
  }

  @Delete(':id')
  @Requires('users:write')
  @HttpCode(204)
  @ApiNoContentResponse()
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeleteUserCommand(contextFor(actor), id));
  }
}
