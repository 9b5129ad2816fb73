/** A clock tests can move: code expiry, token lifetimes and throttling windows without waiting. */
export function testClock(start = Date.now()) {
  let now = start;
  const clock = () => now;
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}
