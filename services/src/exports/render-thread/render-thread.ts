import type { MemberDto } from '@coop/contracts';
import { serveRender } from '../../platform/render-thread/serve-render.js';
import { buildMemberFile } from '../render/member-file.js';
import type { MemberFileStart } from './member-file-renderer.js';

/*
 * The exports' render-thread entry (compiled: services/dist/exports/render-thread/render-thread.js): builds one member
 * list file with the same builders as the calling thread would (csv-stringify, exceljs, jszip), fed the batches it posts.
 */
serveRender<MemberFileStart, MemberDto>(({ format, dialect }, batches, progress) =>
  buildMemberFile(format, dialect, batches, progress),
);
