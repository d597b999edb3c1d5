import { z } from 'zod';
import {
  checkPosition,
  checkText,
  CONTROLLER_FLAGS,
  facebookBody,
  installNewBody,
  payAmountBody,
  phonePayBody,
  placementModes,
  POSITION_NAMES,
  TEXT_FIELDS,
  type ControllerSettings,
  type SettingName,
} from './controller.js';
import { defineRoute, idSchema, isoTime, isoTimeMessage, replyBase } from './http.js';

/**
 * Scheduled controller changes (issue 34, "Schedules"; docs/decisions/0033-scheduler.md): settings and
 * their values applied at `startAt` as a new version and, with an `endAt`, put back at the end unless
 * someone changed them in between.
 */

export const scheduleMessages = {
  listed: 'Scheduled changes',
  added: 'Change scheduled',
  updated: 'Scheduled change updated',
  cancelled: 'Scheduled change cancelled',
  notFound: 'Scheduled change not found',
  notUpcoming: 'Only an upcoming scheduled change can be edited or cancelled',
  noChanges: 'changes must name at least one setting',
  unknownSetting: (name: string) => `${name} is not a controller setting`,
  badTime: isoTimeMessage,
  startPast: 'startAt must be in the future',
  endBeforeStart: 'endAt must be after startAt',
} as const;

export const SCHEDULE_STATUSES = ['upcoming', 'active', 'done', 'cancelled', 'missed', 'failed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

const fieldRule = (schema: z.ZodObject, name: string) => (value: unknown) => {
  const parsed = (schema.shape as Record<string, z.ZodType>)[name]!.safeParse(value);
  return parsed.success ? parsed.data : { message: parsed.error.issues[0]?.message ?? 'Invalid value' };
};

/** Each setting's rule, as its own save checks it: the value to store or the message. */
const changeRules: Record<SettingName, (value: unknown) => unknown> = {
  ...Object.fromEntries(
    CONTROLLER_FLAGS.map((name) => [
      name,
      (v: unknown) => (typeof v === 'boolean' ? v : { message: `${name} must be true or false` }),
    ]),
  ),
  ...Object.fromEntries(POSITION_NAMES.map((name) => [name, (v: unknown) => checkPosition(name, v)])),
  ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, (v: unknown) => checkText(name, v)])),
  ...Object.fromEntries(
    Object.entries(placementModes).map(([name, modes]) => [
      name,
      (v: unknown) =>
        (modes as readonly unknown[]).includes(v)
          ? v
          : { message: `${String(v)} is not allowed for ${name}. Allowed values: ${modes.join(', ')}` },
    ]),
  ),
  facebook_app_id: fieldRule(facebookBody, 'facebook_app_id'),
  facebook_client_token: fieldRule(facebookBody, 'facebook_client_token'),
  upi_id: fieldRule(phonePayBody, 'upi_id'),
  payee_name: fieldRule(phonePayBody, 'payee_name'),
  phone: fieldRule(phonePayBody, 'phone'),
  payAmount: fieldRule(payAmountBody, 'payAmount'),
  installNewBtnUrl: fieldRule(installNewBody, 'btn_url'),
} as Record<SettingName, (value: unknown) => unknown>;

const isRefusal = (v: unknown): v is { message: string } =>
  typeof v === 'object' && v !== null && 'message' in v;

export const scheduleChanges = z
  .record(z.string(), z.unknown(), 'changes must be an object of settings and their values')
  .transform((changes, ctx) => {
    const names = Object.keys(changes);
    if (names.length === 0) ctx.addIssue({ code: 'custom', message: scheduleMessages.noChanges });
    const values: Record<string, unknown> = {};
    for (const name of names) {
      const rule = changeRules[name as SettingName];
      if (!rule) {
        ctx.addIssue({ code: 'custom', message: scheduleMessages.unknownSetting(name), path: [name] });
        continue;
      }
      const checked = rule(changes[name]);
      if (isRefusal(checked)) ctx.addIssue({ code: 'custom', message: checked.message, path: [name] });
      else values[name] = checked;
    }
    return values as Partial<ControllerSettings>;
  });

export const scheduleBody = z
  .object({
    changes: scheduleChanges,
    startAt: isoTime('startAt'),
    endAt: isoTime('endAt').nullish(),
  })
  .refine((b) => !b.endAt || b.endAt > b.startAt, {
    message: scheduleMessages.endBeforeStart,
    path: ['endAt'],
  });
export type ScheduleBody = z.input<typeof scheduleBody>;
export type ScheduleInput = z.output<typeof scheduleBody>;

export const controllerSchedule = z.object({
  _id: z.string(),
  changes: z.record(z.string(), z.unknown()),
  startAt: z.string(),
  endAt: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  personName: z.string(),
  createdAt: z.string(),
  /** The version the start made (null before it, or when it changed nothing). */
  startVersion: z.number().int().nullable(),
  /** What happened that the status does not say: keys left alone at the end, a missed start. */
  note: z.string(),
});
export type ControllerSchedule = z.infer<typeof controllerSchedule>;

const scheduleReply = replyBase.extend({ data: controllerSchedule });
const idParams = z.object({ id: idSchema });
const BASE = '/api/admin/controller/schedules';

export const controllerScheduleRoutes = {
  list: defineRoute({
    method: 'GET',
    path: BASE,
    auth: 'admin',
    feature: 'controller',
    access: 'read',
    summary:
      'Scheduled controller changes: upcoming ones first (soonest first), then past ones (newest first)',
    reply: replyBase.extend({ data: z.array(controllerSchedule) }),
  }),
  add: defineRoute({
    method: 'POST',
    path: BASE,
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: 'Schedule controller changes: { changes: { key: value }, startAt, endAt? } (ISO times)',
    body: scheduleBody,
    reply: scheduleReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${BASE}/:id`,
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: 'Change an upcoming scheduled change (same body as the add)',
    params: idParams,
    body: scheduleBody,
    reply: scheduleReply,
  }),
  cancel: defineRoute({
    method: 'DELETE',
    path: `${BASE}/:id`,
    auth: 'admin',
    feature: 'controller',
    access: 'write',
    summary: 'Cancel an upcoming scheduled change',
    params: idParams,
    reply: scheduleReply,
  }),
} as const;
