import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What another screen handed this one as navigation state (a question for the chat, a goal the
 * mentor offered), read once on arrival. The state is then cleared, so a reload or a step back
 * never acts on it again.
 */
export function useHandOff<T>(read: (state: unknown) => T | undefined): T | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [handOff] = useState(() => read(location.state));
  useEffect(() => {
    if (handOff !== undefined) void navigate(location.pathname, { replace: true, state: null });
  }, [handOff, location.pathname, navigate]);
  return handOff;
}
