// A Signal tells its listeners that something changed; useSignal renders
// a component again each time it does.
import { useEffect, useState } from 'preact/hooks'

export class Signal {
  private listeners = new Set<() => void>()
  notify = () => this.listeners.forEach((l) => l())
  // listen adds l until the function it answers is called.
  listen(l: () => void): () => void {
    this.listeners.add(l)
    return () => {
      this.listeners.delete(l)
    }
  }
}

export function useSignal(s: Signal) {
  const [, tick] = useState(0)
  useEffect(() => s.listen(() => tick((n) => n + 1)), [s])
}
