// The Bot API client's sorting of answers, against the local fake: sent, wait (429's retry_after), failed; and an
// alert's text never longer than Telegram takes, with e-mail addresses removed from error texts.
import { afterAll, describe, expect, it } from 'vitest';
import { FAKE_BOT_TOKEN, FAKE_CHAT_ID, startFakeTelegram } from '../../test/fake-telegram.ts';
import { withoutAddresses } from './render-alert.ts';
import { createTelegramSender, MAX_MESSAGE_CHARS } from './telegram-client.ts';

const fake = await startFakeTelegram();
afterAll(() => fake.close());
const signal = () => AbortSignal.timeout(5000);
const sender = (chatId = FAKE_CHAT_ID, token = FAKE_BOT_TOKEN) =>
  createTelegramSender({ baseUrl: fake.baseUrl, token, chatId });

describe('the Bot API client', () => {
  it('sends to the configured chat, cutting a text to what Telegram takes', async () => {
    expect(await sender().send('x'.repeat(MAX_MESSAGE_CHARS + 10), signal())).toEqual({ ok: true });
    expect(fake.messages.at(-1)).toMatchObject({ chatId: FAKE_CHAT_ID });
    expect(fake.messages.at(-1)!.text).toHaveLength(MAX_MESSAGE_CHARS);
  });

  it("reads a 429's retry_after as the wait, and other refusals as failures with Telegram's reason", async () => {
    fake.setMode({ answer: 'rate-limited', retryAfterS: 7 });
    expect(await sender().send('x', signal())).toEqual({
      ok: false,
      error: 'HTTP 429: Too Many Requests: retry after 7',
      retryAfterMs: 7000,
    });
    fake.setMode({ answer: 'ok' });
    expect(await sender('-42').send('x', signal())).toEqual({
      ok: false,
      error: 'HTTP 400: Bad Request: chat not found',
      retryAfterMs: null,
    });
    expect(
      await sender(FAKE_CHAT_ID, '1:wrong-token-wrong-token-wrong').send('x', signal()),
    ).toMatchObject({
      ok: false,
      error: 'HTTP 401: Unauthorized',
    });
  });

  it('says the Bot API is unreachable without naming the token, and gives up on a hanging one at the deadline', async () => {
    const gone = createTelegramSender({
      baseUrl: 'http://127.0.0.1:1',
      token: FAKE_BOT_TOKEN,
      chatId: FAKE_CHAT_ID,
    });
    const outcome = await gone.send('x', signal());
    expect(outcome).toMatchObject({ ok: false, retryAfterMs: null });
    expect(!outcome.ok && outcome.error).toMatch(/^Bot API unreachable/);
    expect(!outcome.ok && outcome.error).not.toContain(FAKE_BOT_TOKEN);
    fake.setDelay(2000);
    const slow = await sender().send('x', AbortSignal.timeout(100));
    fake.setDelay(0);
    expect(slow).toMatchObject({ ok: false, retryAfterMs: null });
  });

  it('removes e-mail addresses from error texts', () => {
    expect(withoutAddresses('550 5.1.1 <ada.obi+shop@mail.example.ng>: unknown; cc bob@x.io')).toBe(
      '550 5.1.1 <[address]>: unknown; cc [address]',
    );
  });
});
