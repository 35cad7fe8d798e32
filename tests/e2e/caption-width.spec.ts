/**
 * On a desktop: a caption is drawn within its signature's width (wrapped, at most three
 * lines, cut with '…'), whatever its characters, on the board and in the exported PNG; and the
 * board repaints the whole of it when its signature comes or goes.
 */
import { test } from './support/board.ts';
import {
  expectCaptionRepaintedWithItsSignature,
  expectHostileCaptionsContained,
} from './support/hostile-captions.ts';
import { SERVICE_ROLE_KEY } from './support/moderation.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

test('200 × U+FDFD, CJK, W, j, accents or no spaces: each caption stays within its signature, board and export', async ({
  board,
  wall,
}) => {
  test.slow(true, 'a 3200×3200 PNG decode');
  await expectHostileCaptionsContained(board, wall);
});

test('a three-line caption appears whole with its signature and leaves whole with it', async ({
  board,
  page,
  wall,
}) => {
  await page.clock.install();
  await expectCaptionRepaintedWithItsSignature(board, wall);
});
