/** Request bodies that many tests need, valid as they are; `over` changes or adds fields. */

export function expenseBody(userId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: userId,
    merchant: 'Renfe',
    expense_date: '2026-03-02',
    amount: 4560,
    currency: 'EUR',
    amount_eur: 4560,
    category: { key: 'travel', label: 'Travel' },
    ...over,
  }
}
