/**
 * A client of the ginrules API: one method per operation of the contract (named after its
 * `operationId`), requests and replies typed by the types generated from `openapi.yaml`
 * (`src/schema.ts`, written by `npm run generate`), and every problem reply
 * (`application/problem+json`, RFC 9457) thrown as a {@link ProblemError}.
 *
 * It needs nothing but `fetch` (Node 20 and every browser have it).
 */

import type { components, operations } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

type Schemas = components["schemas"];

// The contract's schemas under their own names --------------------------------------------------

export type Card = Schemas["Card"];
export type CardToken = Schemas["CardToken"];
export type Hand = Schemas["Hand"];
export type RulesSpec = Schemas["RulesSpec"];
export type RulesOverrides = Schemas["RulesOverrides"];
export type Rules = Schemas["Rules"];
export type Meld = Schemas["Meld"];
export type MeldInput = Schemas["MeldInput"];
export type Arrangement = Schemas["Arrangement"];
export type AnalyzeRequest = Schemas["AnalyzeRequest"];
export type Analysis = Schemas["Analysis"];
export type MeldsRequest = Schemas["MeldsRequest"];
export type HandMelds = Schemas["HandMelds"];
export type BatchRequest = Schemas["BatchRequest"];
export type BatchReply = Schemas["BatchReply"];
export type BatchResult = Schemas["BatchResult"];
export type PresetList = Schemas["PresetList"];
export type KnockRequest = Schemas["KnockRequest"];
export type KnockReply = Schemas["KnockReply"];
export type Violation = Schemas["Violation"];
export type LayoffsRequest = Schemas["LayoffsRequest"];
export type LayoffsReply = Schemas["LayoffsReply"];
export type RoundScoreRequest = Schemas["RoundScoreRequest"];
export type RoundScore = Schemas["RoundScore"];
export type GameLog = Schemas["GameLog"];
/** One two-player table of a log's round: the deal and its actions. */
export type LogTable = Schemas["LogTable"];
/** One action of a log (`actions`): a bot's, a hint's, or a legal action with its player. */
export type LogAction = Schemas["LogAction"];
export type ReplayReply = Schemas["ReplayReply"];
export type ImportRequest = Schemas["ImportRequest"];
export type RoundEntry = Schemas["RoundEntry"];
export type NextMove = Schemas["NextMove"];
export type LegalAction = Schemas["LegalAction"];
export type MatchScoreRequest = Schemas["MatchScoreRequest"];
export type MatchScore = Schemas["MatchScore"];
export type Totals = Schemas["Totals"];
export type DealRequest = Schemas["DealRequest"];
export type DealtRound = Schemas["DealtRound"];
export type DealtTable = Schemas["DealtTable"];
export type BotList = Schemas["BotList"];
export type BotMoveRequest = Schemas["BotMoveRequest"];
export type BotMove = Schemas["BotMove"];
export type BotAction = Schemas["BotAction"];
export type HintRequest = Schemas["HintRequest"];
export type Hint = Schemas["Hint"];
export type Health = Schemas["Health"];
export type Problem = Schemas["Problem"];
export type FieldError = Schemas["FieldError"];

/** The query of `GET /v1/hands/{hand}/analysis`: `preset`, `upcard`, `all_arrangements` and any option. */
export type HandAnalysisQuery = NonNullable<operations["handAnalysis"]["parameters"]["query"]>;

/** The reply of `GET /readyz`: `ready` (200), or `shutting down` (503). */
export type Readiness =
  | operations["ready"]["responses"][200]["content"]["application/json"]
  | operations["ready"]["responses"][503]["content"]["application/json"];

/** Totals per player (or per team): every variant but Hollywood. */
export type PlayerTotals = Exclude<Totals, { games: unknown[] }>;
/** Hollywood totals: one entry per game of the three played at once. */
export type HollywoodTotals = Extract<Totals, { games: unknown[] }>;

/** Whether totals are Hollywood's (`{"games": [...]}`) rather than per player. */
export function isHollywoodTotals(totals: Totals): totals is HollywoodTotals {
  return Array.isArray(totals.games);
}

/** The reply of `GET /v1/hands/{hand}/analysis`: the analysis, or 304 when `ifNoneMatch` matched. */
export type CachedAnalysis =
  | { notModified: false; analysis: Analysis; etag: string | null }
  | { notModified: true; analysis: null; etag: string | null };

/** The reply of `GET /v1/hands/{hand}/image.svg`: the SVG text, or 304 when `ifNoneMatch` matched. */
export type CachedPicture =
  | { notModified: false; svg: string; etag: string | null }
  | { notModified: true; svg: null; etag: string | null };

// Errors ----------------------------------------------------------------------------------------

/**
 * A reply that is not a success: the problem the server sent (status, stable `code`, and one
 * entry per fault in `errors`, each with a JSON Pointer into the request). A reply that is not a
 * problem document (a proxy's error page, say) gets a problem made from its status, with the
 * code `http_error`.
 */
export class ProblemError extends Error {
  override readonly name = "ProblemError";
  readonly status: number;
  readonly code: string;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly problem: Problem;
  /** The reply's `X-Request-ID`, to find the request in the server's logs. */
  readonly requestId: string | null;
  /** For a 429, the seconds `Retry-After` asks to wait. */
  readonly retryAfter: number | null;

  constructor(problem: Problem, requestId: string | null = null, retryAfter: number | null = null) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors;
    this.requestId = requestId;
    this.retryAfter = retryAfter;
  }
}

/** The server could not be reached (refused, reset, timed out, or the address is wrong). */
export class ConnectionError extends Error {
  override readonly name = "ConnectionError";
  readonly url: string;

  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? describeFailure(cause) : String(cause);
    super(`cannot reach ${url}: ${reason}`, { cause });
    this.url = url;
  }
}

function describeFailure(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? `${code} (${cause.message})` : cause.message;
  }
  return error.message;
}

// The client ------------------------------------------------------------------------------------

export interface ClientOptions {
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  /** Sent as `X-Request-ID` (1 to 128 of A-Z a-z 0-9 . _ -), echoed by the server and in its logs. */
  requestId?: string;
  signal?: AbortSignal;
}

export interface HandAnalysisOptions extends CallOptions {
  /** A validator from an earlier reply's `etag`: a match gets a 304 (`notModified: true`). */
  ifNoneMatch?: string;
}

interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
}

export class Client {
  readonly baseUrl: string;
  private readonly fetcher: typeof fetch;
  private readonly headers: Record<string, string>;

  /** @param baseUrl The server, e.g. `http://127.0.0.1:8000`. */
  constructor(baseUrl: string, options: ClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.headers = { ...options.headers };
  }

  /** `POST /v1/hands/analyze`: melds, deadwood, discards, knock and gin of one hand. */
  async analyzeHand(request: AnalyzeRequest, options?: CallOptions): Promise<Analysis> {
    return (await this.json("POST", "/v1/hands/analyze", request, options)) as Analysis;
  }

  /**
   * `GET /v1/hands/{hand}/analysis`: the same analysis at a cacheable URL, with a strong ETag
   * that ignores the order and notation of the cards.
   */
  async handAnalysis(hand: string | readonly string[], query: HandAnalysisQuery = {},
                     options: HandAnalysisOptions = {}): Promise<CachedAnalysis> {
    const sent = await this.cacheable(hand, "analysis", query, options);
    const etag = sent.headers.get("ETag");
    if (sent.status === 304) return { notModified: true, analysis: null, etag };
    return { notModified: false, analysis: sent.body as Analysis, etag };
  }

  /**
   * `GET /v1/hands/{hand}/image.svg`: the hand of the cacheable analysis drawn as cards (SVG
   * text), with the same query and the same kind of ETag.
   */
  async handImage(hand: string | readonly string[], query: HandAnalysisQuery = {},
                  options: HandAnalysisOptions = {}): Promise<CachedPicture> {
    const sent = await this.cacheable(hand, "image.svg", query, options);
    const etag = sent.headers.get("ETag");
    if (sent.status === 304) return { notModified: true, svg: null, etag };
    return { notModified: false, svg: sent.body as string, etag };
  }

  /**
   * `POST /v1/hands/melds`: every meld of up to 52 cards, in the order of
   * with `with`, only the melds holding that card of the hand ("would the upcard make a
   * meld?").
   */
  async melds(request: MeldsRequest, options?: CallOptions): Promise<HandMelds> {
    return (await this.json("POST", "/v1/hands/melds", request, options)) as HandMelds;
  }

  /** `POST /v1/hands/analyze/batch`: up to 1,000 hands, each answered on its own. */
  async analyzeHands(request: BatchRequest, options?: CallOptions): Promise<BatchReply> {
    return (await this.json("POST", "/v1/hands/analyze/batch", request, options)) as BatchReply;
  }

  /** `GET /v1/rules`: every preset and its option values. */
  async listPresets(options?: CallOptions): Promise<PresetList> {
    return (await this.json("GET", "/v1/rules", undefined, options)) as PresetList;
  }

  /** `GET /v1/rules/{preset}`: one preset's option values. */
  async getPreset(preset: string, options?: CallOptions): Promise<Rules> {
    return (await this.json("GET", `/v1/rules/${encodeURIComponent(preset)}`, undefined,
                            options)) as Rules;
  }

  /** `POST /v1/knock`: is this knock legal, and every reason it is not. */
  async checkKnock(request: KnockRequest, options?: CallOptions): Promise<KnockReply> {
    return (await this.json("POST", "/v1/knock", request, options)) as KnockReply;
  }

  /** `POST /v1/layoffs`: the defender's best reply to a knock. */
  async bestLayoffs(request: LayoffsRequest, options?: CallOptions): Promise<LayoffsReply> {
    return (await this.json("POST", "/v1/layoffs", request, options)) as LayoffsReply;
  }

  /** `POST /v1/rounds/score`: settle a knocked round. */
  async scoreRound(request: RoundScoreRequest, options?: CallOptions): Promise<RoundScore> {
    return (await this.json("POST", "/v1/rounds/score", request, options)) as RoundScore;
  }

  /** `POST /v1/rounds/score/image.svg`: the round `scoreRound` settles, drawn as cards (SVG text). */
  async roundImage(request: RoundScoreRequest, options?: CallOptions): Promise<string> {
    return (await this.send("POST", "/v1/rounds/score/image.svg", request, options)).body as string;
  }

  /** `POST /v1/games/replay`: replay a game log (ginrules-log/1), finished or in progress. */
  async replayGame(log: GameLog, options?: CallOptions): Promise<ReplayReply> {
    return (await this.json("POST", "/v1/games/replay", log, options)) as ReplayReply;
  }

  /** `POST /v1/games/import`: an OpenSpiel `gin_rummy` hand as a game log (ginrules-log/1). */
  async importGame(request: ImportRequest, options?: CallOptions): Promise<GameLog> {
    return (await this.json("POST", "/v1/games/import", request, options)) as GameLog;
  }

  /** `POST /v1/matches/score`: score a match from each round's winner and points. */
  async scoreMatch(request: MatchScoreRequest, options?: CallOptions): Promise<MatchScore> {
    return (await this.json("POST", "/v1/matches/score", request, options)) as MatchScore;
  }

  /**
   * `POST /v1/deals`: a round shuffled from `seed` (or from a seed the service draws) and dealt
   * (R-3.1, ginrules-deal/1): `deal` is the log's next round, `seed` the seed used. The same seed and round give
   * the same deal everywhere. A partnership round is `{"tables": [table, table]}` (tell them
   * apart with `"tables" in reply.deal`).
   */
  async deal(request: DealRequest, options?: CallOptions): Promise<DealtRound> {
    return (await this.json("POST", "/v1/deals", request, options)) as DealtRound;
  }

  /** `GET /v1/bots`: the bots and what each does. */
  async listBots(options?: CallOptions): Promise<BotList> {
    return (await this.json("GET", "/v1/bots", undefined, options)) as BotList;
  }

  /** `POST /v1/bots/{bot}/move`: the bot's action for a player in a game in progress. */
  async botMove(bot: string, request: BotMoveRequest, options?: CallOptions): Promise<BotMove> {
    return (await this.json("POST", `/v1/bots/${encodeURIComponent(bot)}/move`, request,
                            options)) as BotMove;
  }

  /** `POST /v1/hints`: the player's decision, every option ranked, valued and explained. */
  async hint(request: HintRequest, options?: CallOptions): Promise<Hint> {
    return (await this.json("POST", "/v1/hints", request, options)) as Hint;
  }

  /** `GET /healthz`: liveness, version and solver cache counters. */
  async health(options?: CallOptions): Promise<Health> {
    return (await this.json("GET", "/healthz", undefined, options)) as Health;
  }

  /** `GET /readyz`: `ready`, or `shutting down` (a 503, returned rather than thrown). */
  async ready(options?: CallOptions): Promise<Readiness> {
    const sent = await this.send("GET", "/readyz", undefined, options, {}, [503]);
    return sent.body as Readiness;
  }

  /** `GET /metrics`: Prometheus text. */
  async metrics(options?: CallOptions): Promise<string> {
    return this.text("/metrics", options);
  }

  /** `GET /openapi.yaml`: the contract. */
  async openapi(options?: CallOptions): Promise<string> {
    return this.text("/openapi.yaml", options);
  }

  /** `GET /play`: the page to build a hand and step through a game log (HTML). */
  async playPage(options?: CallOptions): Promise<string> {
    return this.text("/play", options);
  }

  /** `GET /docs/`: the interactive documentation page (HTML). */
  async docs(options?: CallOptions): Promise<string> {
    return this.text("/docs/", options);
  }

  /** `GET /rules`: the rules, one anchor per rule id (HTML). */
  async rulesText(options?: CallOptions): Promise<string> {
    return this.text("/rules", options);
  }

  /** `GET /rules.md`: the rules' Markdown source. */
  async rulesMarkdown(options?: CallOptions): Promise<string> {
    return this.text("/rules.md", options);
  }

  /** `GET /gamelog`: the game-log format (HTML). */
  async gamelogText(options?: CallOptions): Promise<string> {
    return this.text("/gamelog", options);
  }

  /** `GET /gamelog.md`: the game-log format's Markdown source. */
  async gamelogMarkdown(options?: CallOptions): Promise<string> {
    return this.text("/gamelog.md", options);
  }

  /**
   * `GET /guide/{page}`: a guide of the project (`api`, `cli`, `deploy`, `library`, `strength`,
   * `performance`, ...) as a self-contained page (HTML), or its Markdown source with
   * `markdown: true`.
   */
  async guidePage(page: string, options: CallOptions & { markdown?: boolean } = {}): Promise<string> {
    const name = encodeURIComponent(page) + (options.markdown ? ".md" : "");
    return this.text(`/guide/${name}`, options);
  }

  /** `GET /guide/calibration/{picture}`: a picture of the guides (a reliability diagram), SVG text. */
  async guidePicture(picture: string, options?: CallOptions): Promise<string> {
    return this.text(`/guide/calibration/${encodeURIComponent(picture)}`, options);
  }

  private async cacheable(hand: string | readonly string[], name: string, query: HandAnalysisQuery,
                          options: HandAnalysisOptions): Promise<Sent> {
    const cards = typeof hand === "string" ? hand : hand.join(",");
    const search = new URLSearchParams();
    for (const [option, value] of Object.entries(query)) {
      if (value !== undefined) search.set(option, String(value));
    }
    const suffix = search.toString() ? `?${search}` : "";
    const headers: Record<string, string> = {};
    if (options.ifNoneMatch !== undefined) headers["If-None-Match"] = options.ifNoneMatch;
    return this.send("GET", `/v1/hands/${encodeURIComponent(cards)}/${name}${suffix}`,
                     undefined, options, headers);
  }

  private async text(path: string, options?: CallOptions): Promise<string> {
    return (await this.send("GET", path, undefined, options)).body as string;
  }

  private async json(method: string, path: string, body: unknown,
                     options?: CallOptions): Promise<unknown> {
    return (await this.send(method, path, body, options)).body;
  }

  private async send(method: string, path: string, body: unknown, options: CallOptions = {},
                     extraHeaders: Record<string, string> = {},
                     acceptedErrors: number[] = []): Promise<Sent> {
    const url = this.baseUrl + path;
    const headers: Record<string, string> = { ...this.headers, ...extraHeaders };
    if (options.requestId !== undefined) headers["X-Request-ID"] = options.requestId;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (options.signal !== undefined) init.signal = options.signal;
    let response: Response;
    try {
      response = await this.fetcher(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ConnectionError(url, error);
    }
    const mediaType = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
    const text = await response.text();
    const isJson = mediaType === "application/json" || mediaType === "application/problem+json";
    const parsed: unknown = isJson && text ? JSON.parse(text) : text;
    const ok = (response.status >= 200 && response.status < 300) || response.status === 304;
    if (!ok && !acceptedErrors.includes(response.status)) {
      throw problemError(response, mediaType, parsed, text);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
}

function problemError(response: Response, mediaType: string, parsed: unknown,
                      text: string): ProblemError {
  const requestId = response.headers.get("X-Request-ID");
  const retry = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
  const retryAfter = Number.isFinite(retry) ? retry : null;
  if (mediaType === "application/problem+json" && isProblem(parsed)) {
    return new ProblemError(parsed, requestId, retryAfter);
  }
  const problem: Problem = {
    type: "about:blank",
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    code: "http_error",
    detail: text.slice(0, 200),
    errors: [],
  };
  return new ProblemError(problem, requestId, retryAfter);
}

function isProblem(value: unknown): value is Problem {
  if (typeof value !== "object" || value === null) return false;
  const problem = value as Record<string, unknown>;
  return typeof problem.status === "number" && typeof problem.code === "string"
    && typeof problem.detail === "string" && Array.isArray(problem.errors);
}
