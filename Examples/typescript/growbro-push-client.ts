// A client of the GrowBro push server's HTTP API (`wavepush serve`) for a Node backend: Node 20's fetch, no
// package. It knows only docs/growbro-server-openapi.json. Run: tsc -p Examples/typescript && node
// Examples/typescript/build/growbro-push-client.js http://127.0.0.1:8080 "$BACKEND_KEY"

/** A refusal: the HTTP status and the API's error body (`field` names what is wrong; `problems` lists every problem
 * of a body's fields, for a 400 `invalid_field` from a body, else it is empty). */
export class PushAPIError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly field: string | null,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

export type Platform = "apns" | "fcm";
export type EventKind = "reply" | "like" | "system" | "refresh";

export interface Registration {
  user: string;
  installation: string;
  platform: Platform;
  token: string;
  environment?: "production" | "sandbox";
  permission?: "authorized" | "provisional" | "denied" | "notDetermined";
}

export interface CommunityEvent {
  kind: EventKind;
  recipient: string;
  messageId: string;
  postId?: string;
  author?: string;
  authorId?: string;
  text?: string;
  title?: string;
}

export type Channel = "community.interactions" | "community.likes" | "cultivation.reminders" | "system.updates";

export interface Preferences {
  user: string;
  channels?: Partial<Record<Channel, boolean>>;
  archiveDays?: number;
}

export interface TokenChange { kind: string; installation: string; user: string; reason: string | null; at: string }
export interface FanOut {
  messageId: string; user: string; channel: string; badge: number;
  sends: { sendId: number; installation: string; platform: Platform }[];
  skipped: { installation: string; reason: string }[];
}
export interface LocalizedText { table: string; key: string; arguments: string[] }
export interface InboxPage {
  user: string;
  items: { identifier: string; receivedAt: string; channel: string; title: LocalizedText; body: LocalizedText;
           deepLink: string; readAt: string | null }[];
  nextCursor: string | null;
  unread: number;
}
export interface InboxChange { user: string; messageId: string; entries: number; unread: number }

/** The push server's routes, one method each. */
export class GrowBroPushClient {
  constructor(private readonly baseURL: string, private readonly key: string) {}

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.key}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(this.baseURL + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new PushAPIError(response.status, json.error, json.field, json.message, json.problems ?? []);
    return json as T;
  }

  private static query(arguments_: Record<string, string | number | undefined>): string {
    const defined = Object.entries(arguments_).filter(([, value]) => value !== undefined);
    return "?" + new URLSearchParams(defined.map(([name, value]) => [name, String(value)])).toString();
  }

  health() { return this.call<{ status: string }>("GET", "/v1/health"); }
  ready() { return this.call<{ status: string }>("GET", "/v1/ready"); }
  registerToken(registration: Registration) {
    return this.call<{ changes: TokenChange[] }>("POST", "/v1/tokens", registration);
  }
  logout(user: string, installation: string) {
    return this.call<{ change: TokenChange }>("POST", "/v1/logout", { user, installation });
  }
  setPreferences(preferences: Preferences) {
    return this.call<{ user: string; channels: Partial<Record<Channel, boolean>>; archiveDays: number }>(
      "POST", "/v1/preferences", preferences);
  }
  sendEvent(event: CommunityEvent) { return this.call<FanOut>("POST", "/v1/events", event); }
  broadcast(events: CommunityEvent[]) {
    return this.call<{ results: ({ status: number } & Partial<FanOut> & { error?: string; field?: string | null })[] }>(
      "POST", "/v1/broadcast", { events });
  }
  inbox(user: string, size?: number, after?: string) {
    return this.call<InboxPage>("GET", "/v1/inbox" + GrowBroPushClient.query({ user, size, after }));
  }
  markRead(user: string, messageId: string) {
    return this.call<InboxChange>("POST", "/v1/inbox/read", { user, messageId });
  }
  deleteMessage(user: string, messageId: string) {
    return this.call<InboxChange>("POST", "/v1/inbox/delete", { user, messageId });
  }
  erase(user: string) {
    return this.call<{ user: string; dropped: { sendId: number; messageId: string }[]; unread: number }>(
      "POST", "/v1/inbox/erase", { user });
  }
  badge(user: string) { return this.call<{ user: string; unread: number }>("GET", "/v1/badge" + GrowBroPushClient.query({ user })); }
  recordEngagement(kind: "delivered" | "opened" | "dismissed", messageId: string, installation: string) {
    return this.call<{ recorded: boolean }>("POST", "/v1/engagement", { kind, messageId, installation });
  }
  report(from: string, to: string) {
    return this.call<{ categories: { category: string; sends: number; opened: number }[]; alerts: unknown[] }>(
      "GET", "/v1/report" + GrowBroPushClient.query({ from, to }));
  }
}

declare const process: { argv: string[]; exitCode?: number };

/** A backend's day in a few calls, one line printed per answer. */
async function main(baseURL: string, key: string): Promise<void> {
  const push = new GrowBroPushClient(baseURL, key);
  console.log(`health ${(await push.health()).status}`);
  const registered = await push.registerToken({
    user: "alice", installation: "phone-1", platform: "apns", token: "ab".repeat(32), environment: "sandbox",
  });
  console.log(`token ${registered.changes.map((change) => `${change.installation} ${change.kind}`).join(", ")}`);
  const sent = await push.sendEvent({
    kind: "reply", recipient: "alice", messageId: "m1", postId: "post-1", author: "Bob", text: "Nice buds!",
  });
  console.log(`event ${sent.messageId} badge ${sent.badge} sends ${sent.sends.length}`);
  const page = await push.inbox("alice", 10);
  console.log(`inbox ${page.items.length} unread ${page.unread} first ${page.items[0].body.arguments.join(" ")}`);
  const read = await push.markRead("alice", "m1");
  console.log(`read entries ${read.entries} unread ${read.unread}`);
  const opened = await push.recordEngagement("opened", "m1", "phone-1");
  console.log(`opened recorded ${opened.recorded}`);
  const report = await push.report("2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z");
  const interactions = report.categories.find((category) => category.category === "community.interactions");
  console.log(`report interactions sends ${interactions?.sends} opened ${interactions?.opened}`);
  const preferences = await push.setPreferences({ user: "alice", channels: { "community.likes": false } });
  console.log(`preferences likes ${preferences.channels["community.likes"]} archiveDays ${preferences.archiveDays}`);
  const like = await push.sendEvent({ kind: "like", recipient: "alice", messageId: "m2", postId: "post-1", author: "Bob" });
  console.log(`like ${like.messageId} sends ${like.sends.length} skipped ${like.skipped.map((skip) => skip.reason).join(", ")}`);
  try {
    await push.registerToken({ user: "alice", installation: "phone-2", platform: "windows" as Platform, token: "x" });
  } catch (error) {
    if (!(error instanceof PushAPIError)) throw error;
    console.log(`refused ${error.status} ${error.code} ${error.field}`);
  }
  const erased = await push.erase("alice");
  console.log(`erased dropped ${erased.dropped.length} badge ${(await push.badge("alice")).unread}`);
}

main(process.argv[2] ?? "http://127.0.0.1:8080", process.argv[3] ?? "").catch((error) => {
  console.error(String(error));
  process.exitCode = 1;
});
