import { WebGLRenderer, type Renderer } from 'pixi.js';

/**
 * A GPU fence after idle work. The GPU (SwiftShader: the CPU) runs behind JavaScript, so the next
 * idle step waits until the previous one's bakes finished — otherwise queued bakes stall the next
 * frame the user actually waits for. Without WebGL (WebGPU) it never reports busy.
 */
export class GpuFence {
  private sync: WebGLSync | undefined;

  constructor(private readonly renderer: () => Renderer) {}

  /** Work submitted before the last `set` is still running on the GPU. */
  busy(): boolean {
    const gl = this.gl();
    if (!gl || !this.sync) return false;
    if (gl.getSyncParameter(this.sync, gl.SYNC_STATUS) !== gl.SIGNALED) return true;
    gl.deleteSync(this.sync);
    this.sync = undefined;
    return false;
  }

  /** Fence the work submitted so far (no-op while an earlier fence is pending). */
  set(): void {
    const gl = this.gl();
    if (!gl || this.sync) return;
    this.sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0) ?? undefined;
    gl.flush();
  }

  private gl(): WebGL2RenderingContext | undefined {
    const r = this.renderer();
    return r instanceof WebGLRenderer ? r.gl : undefined;
  }
}
