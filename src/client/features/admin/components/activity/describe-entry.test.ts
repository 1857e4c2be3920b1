// The Activity view's words: known actions read as sentences naming people and accounts, and a field or
// action nobody taught it yet still reads as "Label: value", never as raw JSON or a bare id.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../../shared/audit.ts';
import { describeEntry } from './describe-entry.ts';

const USER = '0b7c1a52-6f7e-4a3e-9d51-5d1b7f0c2a11';
const ACCOUNT = '9c1e5b0a-2d4f-4b8e-8a3c-7e6f5d4c3b2a';
const GROUP = '4d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const entry = (action: string, targetType: string, targetId: string | null, details = {}) =>
  ({
    id: 'x',
    action,
    actorEmail: 'admin@example.com',
    targetType,
    targetId,
    details,
    createdAt: '2026-11-27T10:00:00.000Z',
  }) as AuditEntry;
const names = {
  [USER]: 'ada@example.com',
  [ACCOUNT]: '@ada_ig (Instagram Fresh)',
  [GROUP]: 'Instagram Fresh',
};

describe('describeEntry', () => {
  it('says a balance adjustment in naira, naming the customer, with the reason and balance change', () => {
    const text = describeEntry(
      entry('wallet.debit', 'user', USER, {
        amountKobo: 50_000,
        reason: 'Duplicate credit',
        reference: 'ADMIN_1',
        before: { balanceKobo: 1_550_000 },
        after: { balanceKobo: 1_500_000 },
      }),
      names,
    );
    expect(text.sentence).toBe('Debited ₦500.00 from ada@example.com');
    expect(text.lines).toEqual([
      'Balance: ₦15,500.00 → ₦15,000.00',
      'Reason: Duplicate credit',
      'Reference: ADMIN_1',
    ]);
  });

  it('names an edited account by username and template, and leaves out an empty list of secrets', () => {
    const text = describeEntry(
      entry('account.update', 'account', ACCOUNT, {
        before: { status: 'available' },
        after: { status: 'reserved' },
        secretsChanged: [],
        groupId: GROUP,
      }),
      names,
    );
    expect(text.sentence).toBe('Edited account @ada_ig (Instagram Fresh)');
    expect(text.lines).toEqual(['Status: available → reserved']);
  });

  it('says which reported accounts had their credentials shown, by username, not as a raw list of ids', () => {
    const text = describeEntry(
      entry('report.credentials_view', 'stock_account', null, {
        filter: 'open',
        accountIds: [ACCOUNT, '5e4f3a2b-1c0d-4a7b-8c6d-9e8f4d2c1b0a'],
      }),
      names,
    );
    expect(text.sentence).toBe(
      'Opened the open reports, showing the credentials of 2 reported accounts',
    );
    expect(text.lines).toEqual(['Accounts: @ada_ig (Instagram Fresh), 5e4f3a2b…']);
  });

  it('reads an action and fields it does not know yet as plain words', () => {
    const text = describeEntry(
      entry('credentials.view', 'account', ACCOUNT, {
        customerId: USER,
        fieldsShown: ['password'],
      }),
      names,
    );
    expect(text.sentence).toBe('Credentials view: @ada_ig (Instagram Fresh)');
    expect(text.lines).toEqual(['Customer: ada@example.com', 'Fields shown: password']);
  });
});
