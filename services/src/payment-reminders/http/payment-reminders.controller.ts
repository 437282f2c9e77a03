import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  BUSINESS_DATE_MAX,
  BUSINESS_DATE_MIN,
  fieldError,
  isBusinessDateInRange,
  isIsoDate,
  NotFoundError,
  PaymentReminderDto,
  PaymentReminderDueDto,
  PaymentReminderRun,
  PaymentReminderRunDto,
  TEXT_MAX,
  ValidationError,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { attachment } from '../../platform/http/attachment.js';
import { whileConnected } from '../../platform/http/client-gone.js';
import { AnswersCreated, AnswersList, BodyOf } from '../../platform/http/openapi.js';
import { SendRemindersCommand } from '../commands/send-reminders.js';
import { ReminderLetters } from '../letters/reminder-letters.js';
import { ReminderReads } from '../queries/reminder-reads.js';

/** A business date of the query within 1900..2199 (docs/security.md), else 400 on `field`. */
function dateOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isIsoDate(value))
    throw new ValidationError([fieldError(field, 'invalidDate', String(value ?? '').slice(0, 20))]);
  if (!isBusinessDateInRange(value))
    throw new ValidationError([fieldError(field, 'dateOutOfRange', BUSINESS_DATE_MIN, BUSINESS_DATE_MAX)]);
  return value;
}

/** Answers a list with its count, or 204 when empty (the API's list convention). */
function listed<T>(res: FastifyReply, items: T[]): T[] | undefined {
  res.header('TotalItems', String(items.length));
  if (items.length > 0) return items;
  res.status(204);
  return undefined;
}

/**
 * Payment reminders on shares not paid in time (issue 45; docs/payment-reminders.md). Every role that reads members
 * sees who is due and the letters; those who post (clerks) send them.
 */
@ApiTags('payment-reminders')
@ApiBearerAuth()
@Controller('payment-reminders')
export class PaymentRemindersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReminderReads,
    private readonly letters: ReminderLetters,
  ) {}

  /** The members due for a reminder on `date` (default today is not assumed: the clerk names the day), oldest due first. */
  @Get('due')
  @Requires('paymentreminders:read')
  @ApiQuery({ name: 'date', required: true, description: 'the day of the reminders, YYYY-MM-DD' })
  @AnswersList(PaymentReminderDueDto)
  async due(
    @CurrentActor() actor: Actor,
    @Query('date') date: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PaymentReminderDueDto[] | undefined> {
    return listed(res, await this.reads.dueList(actor.cooperativeId, dateOf(date, 'date')));
  }

  /** The reminders recorded on the member `member`, newest first. */
  @Get()
  @Requires('paymentreminders:read')
  @ApiQuery({ name: 'member', required: true, description: "the member's id" })
  @AnswersList(PaymentReminderDto)
  async ofMember(
    @CurrentActor() actor: Actor,
    @Query('member') member: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PaymentReminderDto[] | undefined> {
    if (typeof member !== 'string' || member === '' || member.length > TEXT_MAX.id)
      throw new ValidationError([fieldError('member', 'invalidChoice', String(member ?? '').slice(0, 20))]);
    return listed(res, await this.reads.ofMember(actor.cooperativeId, member));
  }

  /** Sends the reminders due on `date` to the selected members (those not due are skipped) and answers the sending. */
  @Post()
  @Requires('paymentreminders:write')
  @HttpCode(201)
  @BodyOf(PaymentReminderRun)
  @AnswersCreated(PaymentReminderRunDto)
  send(@CurrentActor() actor: Actor, @Body() body: PaymentReminderRun): Promise<PaymentReminderRunDto> {
    return this.commands.execute(new SendRemindersCommand(contextFor(actor), body.date, body.memberIds));
  }

  /** `Mahnungen-<date>.pdf`: the letters of one sending, one member after another (German). */
  @Get(':runId/letters.pdf')
  @Requires('paymentreminders:read')
  @ApiOkResponse({
    description: 'Mahnungen-<date>.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  async lettersPdf(
    @CurrentActor() actor: Actor,
    @Param('runId') runId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    if (runId.length > TEXT_MAX.id) throw new NotFoundError('PaymentReminderRun', runId.slice(0, TEXT_MAX.id));
    const { pdf, name } = await whileConnected(res, (gone) => this.letters.pdf(actor.cooperativeId, runId, gone));
    await res
      .status(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(name))
      .header('Cache-Control', 'no-store')
      .send(pdf);
  }
}
