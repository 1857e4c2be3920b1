// Rows of the authorization matrix: each route, what each role must get, and the request it is probed with.
import { ADMINS, type Row } from './roles.ts';
import type { MatrixFixtures } from './fixtures.ts';

export function adminRowsA(f: MatrixFixtures): Record<string, Row> {
  const {
    hex,

    group,
    showcaseAccount,
    message,

    tmpReport,
    tmpCategory,
    tmpTemplate,
    tmpAccount,
  } = f;
  return {
    'GET /api/admin/stats': { expect: ADMINS(), request: () => ({ url: '/api/admin/stats' }) },
    'GET /api/admin/overview': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/overview?period=7d' }),
    },
    'GET /api/admin/overview/export.csv': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/overview/export.csv?period=today' }),
    },
    'GET /api/admin/activity': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/activity?area=money&from=2020-01-01' }),
    },
    'GET /api/admin/orders': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/orders?status=completed&search=example' }),
    },
    'GET /api/admin/orders/export.csv': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/orders/export.csv?from=2020-01-01' }),
    },
    'GET /api/admin/reports': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/reports?status=all' }),
    },
    'POST /api/admin/reports/:id/resolve': {
      expect: ADMINS(),
      request: async () => ({
        url: `/api/admin/reports/${await tmpReport()}/resolve`,
        payload: { action: 'refund' },
      }),
    },
    'GET /api/admin/inbox': { expect: ADMINS(), request: () => ({ url: '/api/admin/inbox' }) },
    'PATCH /api/admin/inbox/:id': {
      expect: ADMINS(),
      request: () => ({ url: `/api/admin/inbox/${message!.id}`, payload: { status: 'handled' } }),
    },
    'POST /api/admin/inbox/:id/reply': {
      expect: ADMINS(),
      request: () => ({
        url: `/api/admin/inbox/${message!.id}/reply`,
        payload: { message: 'Thanks, done.' },
      }),
    },
    'GET /api/admin/catalogue': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/catalogue' }),
    },
    'POST /api/admin/categories': {
      expect: ADMINS(201),
      request: () => ({ url: '/api/admin/categories', payload: { name: `Matrix ${hex()}` } }),
    },
    'PATCH /api/admin/categories/:id': {
      expect: ADMINS(),
      request: async () => ({
        url: `/api/admin/categories/${await tmpCategory()}`,
        payload: { name: 'Renamed', description: '' },
      }),
    },
    'DELETE /api/admin/categories/:id': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/categories/${await tmpCategory()}` }),
    },
    'POST /api/admin/product-groups': {
      expect: ADMINS(201),
      request: () => ({
        url: '/api/admin/product-groups',
        payload: { productName: `Matrix ${hex()}`, categoryId: group.categoryId, priceKobo: 5000 },
      }),
    },
    'PATCH /api/admin/product-groups/:id': {
      expect: ADMINS(),
      request: async () => ({
        url: `/api/admin/product-groups/${await tmpTemplate()}`,
        payload: { productName: `Renamed ${hex()}`, categoryId: group.categoryId, priceKobo: 7000 },
      }),
    },
    'POST /api/admin/product-groups/:id/archive': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/product-groups/${await tmpTemplate()}/archive` }),
    },
    'POST /api/admin/product-groups/:id/restore': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/product-groups/${await tmpTemplate()}/restore` }),
    },
    'DELETE /api/admin/product-groups/:id': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/product-groups/${await tmpTemplate()}` }),
    },
    'POST /api/admin/product-groups/:id/upload': {
      expect: ADMINS(),
      request: async () => ({
        url: `/api/admin/product-groups/${await tmpTemplate()}/upload`,
        headers: { 'content-type': 'text/csv' },
        payload: `username,password\nmatrix_${hex()},pw-1\n`,
      }),
    },
    'GET /api/admin/product-groups/:id/export.csv': {
      expect: ADMINS(),
      request: () => ({ url: `/api/admin/product-groups/${group.id}/export.csv` }),
    },
    'GET /api/admin/accounts': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/accounts' }),
    },
    'GET /api/admin/accounts/:id': {
      expect: ADMINS(),
      request: () => ({ url: `/api/admin/accounts/${showcaseAccount!.id}` }),
    },
    'POST /api/admin/accounts': {
      expect: ADMINS(201),
      request: () => ({
        url: '/api/admin/accounts',
        payload: {
          title: `Matrix ${hex()}`,
          categoryId: group.categoryId,
          priceKobo: 1000,
          username: `matrix_${hex()}`,
          password: 'pw',
        },
      }),
    },
    'PATCH /api/admin/accounts/:id': {
      expect: ADMINS(),
      request: async () => ({
        url: `/api/admin/accounts/${await tmpAccount()}`,
        payload: { username: `edited_${hex()}`, status: 'available' },
      }),
    },
    'DELETE /api/admin/accounts/:id': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/accounts/${await tmpAccount()}` }),
    },
    'GET /api/admin/users': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/users?search=example' }),
    },
  };
}
