// The warranty of a sold account: it may be reported for replacement or refund until `warrantyHours` after
// its sale. The sale is the orders module's fact, so the rule lives here and reports asks it.
export function warrantyEnd(soldAt: Date, warrantyHours: number): Date {
  return new Date(soldAt.getTime() + warrantyHours * 3600_000);
}

export function isInWarranty(soldAt: Date, warrantyHours: number, now: Date): boolean {
  return now.getTime() <= warrantyEnd(soldAt, warrantyHours).getTime();
}
