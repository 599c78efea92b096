/**
 * The engine's tables of domain hooks beyond evolve: which notifications an applied event causes
 * and what each kind of timer does when it fires. Each domain contributes its own table.
 */
import type { NotifierTable } from '../domains/notifications.js';
import type { TimerHandler } from '../domains/timers.js';
import { customerNotifiers } from '../domains/customers/notify.js';

/** Notifiers by event type, from every domain. */
export const NOTIFIERS: NotifierTable = {
  ...customerNotifiers,
};

/** Timer handlers by timer kind, from every domain. */
export const TIMER_HANDLERS: Readonly<Record<string, TimerHandler>> = {};
