import { useStore } from '@nanostores/react';
import { Link } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import './programs.css';
import '../auth/forms.css';

/** `/program-success/:programGuid`: the program is on its own board, which is now the current one. */
export default function ProgramSuccess() {
  const board = useStore($board);
  return (
    <div className="lb-auth-page">
      <h1>You are in</h1>
      <p role="status">
        {board.name ? <>The program is set up on your board “{board.name}”, which is now your current board.</> : <>The program is set up on a new board.</>}
      </p>
      <p>Its goals, habits and routines are waiting for you. Change anything to make it yours.</p>
      <ul>
        <li><Link to="/home">Go to your home page</Link></li>
        <li><Link to="/habits">See the habits</Link></li>
        <li><Link to="/boards">Manage your boards</Link></li>
      </ul>
    </div>
  );
}
