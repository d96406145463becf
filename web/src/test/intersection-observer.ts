/** An IntersectionObserver double that reports every observed node as visible when told to (`vi.stubGlobal`). */
export class FakeObserver {
  static instances: FakeObserver[] = [];
  nodes: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(node: Element) {
    this.nodes.push(node);
  }
  disconnect() {
    this.nodes = [];
  }
  showAll() {
    const entries = this.nodes.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}
