// A stand-in for the certificate PDF worker that blocks its thread synchronously (like a render
// that never ends) until the test stores 1 in the shared flag; `forever` never returns.
export default function render(input) {
  const flag = new Int32Array(input.flag);
  if (input.forever) for (;;) Atomics.wait(flag, 0, 0, 1000);
  Atomics.wait(flag, 0, 0);
  return new Uint8Array([37, 80, 68, 70]);
}
