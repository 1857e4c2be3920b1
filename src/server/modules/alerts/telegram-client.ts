// The Bot API's sendMessage, the only call the store makes to Telegram. Answers are sorted into sent, "wait this
// long" (429 with retry_after) and failed; the token, which is part of the URL, never appears in an error.
export type TelegramSetup = { baseUrl: string; token: string; chatId: string };

export type SendOutcome = { ok: true } | { ok: false; error: string; retryAfterMs: number | null };

export type TelegramSender = {
  send: (text: string, signal: AbortSignal) => Promise<SendOutcome>;
};

/** Telegram refuses longer texts. */
export const MAX_MESSAGE_CHARS = 4096;

type BotAnswer = { ok?: boolean; description?: string; parameters?: { retry_after?: number } };

export function createTelegramSender(setup: TelegramSetup): TelegramSender {
  const url = `${setup.baseUrl.replace(/\/$/, '')}/bot${setup.token}/sendMessage`;
  const scrub = (s: string) => s.replaceAll(setup.token, '[token]').slice(0, 500);
  return {
    async send(text, signal) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            chat_id: setup.chatId,
            text: text.slice(0, MAX_MESSAGE_CHARS),
            link_preview_options: { is_disabled: true },
          }),
          signal,
        });
      } catch (err) {
        const cause =
          err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
        const message = err instanceof Error ? `${err.message}${cause}` : String(err);
        return { ok: false, error: scrub(`Bot API unreachable (${message})`), retryAfterMs: null };
      }
      const answer = (await res.json().catch(() => ({}))) as BotAnswer;
      if (res.ok && answer.ok) return { ok: true };
      const retryAfter = Number(answer.parameters?.retry_after ?? res.headers.get('retry-after'));
      return {
        ok: false,
        error: scrub(`HTTP ${res.status}${answer.description ? `: ${answer.description}` : ''}`),
        retryAfterMs:
          res.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0
            ? retryAfter * 1000
            : null,
      };
    },
  };
}

/** What the console shows of the chat id: its last characters. */
export function chatHint(chatId: string): string {
  return chatId.length <= 4 ? chatId : `…${chatId.slice(-4)}`;
}
