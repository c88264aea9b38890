// A value that follows another once it has stopped changing for `ms`: the query panel counts what
// was typed after a pause, not at each key.
import { useEffect, useState } from 'react';

export function useDebouncedValue<Value>(value: Value, ms: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
