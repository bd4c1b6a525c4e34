import type { Browser } from "playwright-core";

/**
 * A 2-second WebM (VP8) drawn on a canvas and recorded with MediaRecorder in Chromium: a real
 * video file made by the test, for lesson-video uploads.
 */
export async function makeWebm(browser: Browser, baseURL: string): Promise<Buffer> {
  const page = await browser.newPage();
  await page.goto(`${baseURL}/404`);
  // Passed as a string so the bundler's helpers are not part of the evaluated code.
  const base64 = (await page.evaluate(`(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext("2d");
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm;codecs=vp8" });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (recorder.onstop = r));
    recorder.start(100);
    const start = performance.now();
    await new Promise((resolve) => {
      const draw = () => {
        const t = (performance.now() - start) / 1000;
        ctx.fillStyle = "#1a237e";
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = "#00c7b1";
        ctx.beginPath();
        ctx.arc(40 + t * 120, 90, 24, 0, Math.PI * 2);
        ctx.fill();
        if (t < 2) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let s = "";
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s);
  })()`)) as string;
  await page.close();
  return Buffer.from(base64, "base64");
}
