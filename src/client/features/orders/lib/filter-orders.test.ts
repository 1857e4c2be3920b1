// Order history's totals, search and filters.
import { describe, expect, it } from 'vitest';
import type { CustomerOrder } from '../../../../shared/orders.ts';
import { filterOrders, orderTitle, summariseOrders } from './filter-orders.ts';

function order(overrides: Partial<CustomerOrder>): CustomerOrder {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000000',
    productGroupId: 'g',
    productName: 'Instagram 1K Followers',
    category: 'Instagram',
    quantity: 1,
    pricePerUnitKobo: 350_000,
    listAmountKobo: 350_000,
    discountKobo: 0,
    promoCode: null,
    amountKobo: 350_000,
    status: 'completed',
    createdAt: '2025-01-01T10:00:00Z',
    accounts: [{ username: 'insta_one', email: null, details: {} }],
    email: null,
    items: [],
    warrantyEndsAt: null,
    ...overrides,
  };
}

const all = { search: '', status: 'all', category: 'all' } as const;

describe('order history', () => {
  it('counts orders by status and totals only completed ones', () => {
    const orders = [
      order({}),
      order({ status: 'failed', amountKobo: 100 }),
      order({ status: 'processing' }),
      order({ amountKobo: 250_000 }),
    ];
    expect(summariseOrders(orders)).toEqual({
      completed: 2,
      failed: 1,
      processing: 1,
      totalSpentKobo: 600_000,
    });
  });

  it('searches product name, order id and username', () => {
    const orders = [
      order({}),
      order({
        id: 'ffff0000-x',
        productName: 'Twitter Aged Account',
        category: 'Twitter',
        accounts: [{ username: 'tweeter', email: null, details: {} }],
      }),
    ];
    expect(filterOrders(orders, { ...all, search: 'aged' })).toHaveLength(1);
    expect(filterOrders(orders, { ...all, search: 'FFFF0000' })).toHaveLength(1);
    expect(filterOrders(orders, { ...all, search: '@insta_one' })[0]?.productName).toBe(
      'Instagram 1K Followers',
    );
    expect(filterOrders(orders, { ...all, search: 'nothing' })).toHaveLength(0);
  });

  it('filters by status and by category, Facebook including Facebook Aged', () => {
    const orders = [order({}), order({ category: 'Facebook Aged', status: 'pending' })];
    expect(filterOrders(orders, { ...all, status: 'pending' })).toHaveLength(1);
    expect(filterOrders(orders, { ...all, category: 'Facebook' })).toHaveLength(1);
    expect(filterOrders(orders, { ...all, category: 'TikTok' })).toHaveLength(0);
  });

  it('titles a bulk order by its count and a single one by its username', () => {
    expect(orderTitle(order({ quantity: 3 }))).toBe('3 accounts');
    expect(orderTitle(order({}))).toBe('@insta_one');
  });
});
