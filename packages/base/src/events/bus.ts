import { parseEvent, type EventEnvelope, type Topic } from './topics.js';

export type EventHandler<T extends Topic = Topic> = (event: EventEnvelope<T>) => Promise<void>;

/**
 * Both buses check payloads against the topic's schema: publish rejects an invalid payload (InvalidEventError),
 * and a handler only ever receives a payload that matched.
 */
export interface EventBus {
  publish<T extends Topic>(event: EventEnvelope<T>): Promise<void>;
  /** One delivery per group for each event; several handlers may share a group across replicas. */
  subscribe<T extends Topic>(topic: T, group: string, handler: EventHandler<T>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Embedded mode: all services share one process, so delivery is a function call.
 * publish resolves only when every subscriber has handled the event (in order per subscription)
 * and rejects if one failed: the outbox relay then keeps the row and delivers it again, so an
 * event is never marked sent before its consumers have it — a killed process loses nothing.
 */
/** Longest wait for running deliveries when a service stops (see InProcessBus.stop). */
const STOP_DRAIN_MS = 3000;

export class InProcessBus implements EventBus {
  private readonly subs = new Map<string, { group: string; handler: EventHandler; queue: Promise<void> }[]>();
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;

  /**
   * The embedded supervisor holds the bus while it starts services one after another: a relay of
   * an early service must not publish before the later services have subscribed.
   */
  hold(): void {
    if (!this.gate) this.gate = new Promise((r) => (this.openGate = r));
  }
  release(): void {
    this.openGate?.();
    this.gate = undefined;
    this.openGate = undefined;
  }

  async publish<T extends Topic>(event: EventEnvelope<T>): Promise<void> {
    // Checked once here: every subscriber of this process gets the same checked event.
    const checked: EventEnvelope = parseEvent(event);
    if (this.gate) await this.gate;
    const deliveries = (this.subs.get(checked.topic) ?? []).map((sub) => {
      const delivery = sub.queue.then(() => sub.handler(checked));
      sub.queue = delivery.catch(() => undefined);
      return delivery;
    });
    await Promise.all(deliveries);
  }
  async subscribe<T extends Topic>(topic: T, group: string, handler: EventHandler<T>): Promise<void> {
    const list = this.subs.get(topic) ?? [];
    // Only events of this topic reach the handler (see publish).
    const forTopic = handler as EventHandler;
    // One delivery per group: a service started again in this process (stop/start, tests) takes its group over.
    const existing = list.find((s) => s.group === group);
    if (existing) existing.handler = forTopic;
    else list.push({ group, handler: forTopic, queue: Promise.resolve() });
    this.subs.set(topic, list);
  }
  async start(): Promise<void> {}
  /** Resolves when every queued delivery has finished. */
  async drain(): Promise<void> {
    await Promise.all([...this.subs.values()].flat().map((s) => s.queue));
  }
  /**
   * Shared by every service of the process, so stopping one service only drains, for at most
   * `STOP_DRAIN_MS`: a handler that cannot finish (its service's pool already closed) must not hold the
   * shutdown. Nothing is lost: the outbox row of an event whose delivery did not finish stays unpublished
   * and is delivered again at the next start, where the processed-events table keeps the effect single.
   */
  async stop(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((r) => (timer = setTimeout(r, STOP_DRAIN_MS)));
    timer?.unref();
    await Promise.race([this.drain(), limit]);
    clearTimeout(timer);
  }
}

let shared: InProcessBus | undefined;
export function sharedInProcessBus(): InProcessBus {
  shared ??= new InProcessBus();
  return shared;
}
