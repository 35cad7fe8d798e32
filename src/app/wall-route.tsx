/** Every path but /export: the welcome card, and the board once the visitor chooses to sign. */
import { useState } from 'react';
import { WelcomeCard } from '../features/wall/welcome-card.tsx';
import { BoardScreen } from './board-screen.tsx';

export function WallRoute() {
  const [screen, setScreen] = useState<'welcome' | 'board'>('welcome');
  return screen === 'welcome' ? (
    <WelcomeCard onSign={() => setScreen('board')} />
  ) : (
    <BoardScreen onBack={() => setScreen('welcome')} />
  );
}
