/**
 * Runs tasks with two limits: at most `maxConcurrency` at once, and at most
 * `perHost` at once for one host; a host that asked to wait (`Retry-After`)
 * gets no new task until its time. Waiting tasks are kept as plain data in
 * one queue per host (an object whose `run` is called, nothing started), so
 * a run that finds 100,000 URLs holds 100,000 small entries, not as many
 * suspended requests. Hosts take turns: a host with a long queue does not
 * hold up the others.
 */

/** Work the scheduler starts when the limits allow. */
export interface Task {
  run(): Promise<void>;
}

interface HostState {
  /** Tasks waiting, from `head` on. */
  queue: Task[];
  head: number;
  running: number;
  /** No new task before this time (ms since the epoch). */
  pausedUntil: number;
  timer: NodeJS.Timeout | undefined;
}

export class HostScheduler {
  private readonly hosts = new Map<string, HostState>();
  /** Hosts with tasks waiting, in turn order. */
  private readonly waiting = new Set<string>();
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  private dispatching = false;
  private again = false;

  constructor(
    private readonly maxConcurrency: number,
    private readonly perHost: number,
  ) {}

  /** Queue `task` for `host`; it starts when both limits allow. */
  add(host: string, task: Task): void {
    if (this.stopped) return;
    const state = this.state(host);
    state.queue.push(task);
    this.waiting.add(host);
    this.dispatch();
  }

  /** No new task for `host` during `ms` milliseconds (tasks running go on). */
  pause(host: string, ms: number): void {
    const state = this.state(host);
    const until = Date.now() + ms;
    if (until <= state.pausedUntil) return;
    state.pausedUntil = until;
    if (state.timer !== undefined) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      this.dispatch();
    }, ms);
    state.timer.unref();
  }

  /** Resolves once nothing runs and nothing waits. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Start no more tasks; those waiting are dropped. */
  stop(): void {
    this.stopped = true;
    for (const state of this.hosts.values()) {
      if (state.timer !== undefined) clearTimeout(state.timer);
      state.queue = [];
      state.head = 0;
    }
    this.waiting.clear();
    this.settleIdle();
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (state === undefined) {
      state = { queue: [], head: 0, running: 0, pausedUntil: 0, timer: undefined };
      this.hosts.set(host, state);
    }
    return state;
  }

  private dispatch(): void {
    if (this.stopped) return;
    // a task that queues another as it starts is served by the pass under way
    if (this.dispatching) {
      this.again = true;
      return;
    }
    this.dispatching = true;
    try {
      do {
        this.again = false;
        this.dispatchPass();
      } while (this.again);
    } finally {
      this.dispatching = false;
    }
    this.settleIdle();
  }

  private dispatchPass(): void {
    const now = Date.now();
    // each pass gives every host with room one task; a host served goes to the back of the turn
    let started = true;
    while (started && this.running < this.maxConcurrency && this.waiting.size > 0) {
      started = false;
      const served: string[] = [];
      for (const host of this.waiting) {
        if (this.running >= this.maxConcurrency) break;
        const state = this.hosts.get(host) as HostState;
        if (state.running >= this.perHost || state.pausedUntil > now) continue;
        const task = state.queue[state.head] as Task;
        state.queue[state.head] = undefined as unknown as Task;
        state.head++;
        this.waiting.delete(host);
        if (state.head === state.queue.length) {
          state.queue = [];
          state.head = 0;
        } else {
          served.push(host);
          // drop the part already taken once it is most of the array
          if (state.head > 1024 && state.head * 2 > state.queue.length) {
            state.queue = state.queue.slice(state.head);
            state.head = 0;
          }
        }
        this.start(host, state, task);
        started = true;
      }
      for (const host of served) this.waiting.add(host);
    }
  }

  private start(host: string, state: HostState, task: Task): void {
    this.running++;
    state.running++;
    const finish = () => {
      this.running--;
      state.running--;
      if (state.running === 0 && state.queue.length === 0 && state.timer === undefined) this.hosts.delete(host);
      this.dispatch();
    };
    task.run().then(finish, finish);
  }

  private settleIdle(): void {
    if (this.running > 0 || this.waiting.size > 0 || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
