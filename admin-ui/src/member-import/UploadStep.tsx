import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { downloadFile } from '../session/download';
import { IMPORT_KINDS } from './dto';
import { acceptedFiles, MAX_FILES } from './files';
import { downloadRequest, type ImportDownload } from './requests';

const sizeText = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;

/**
 * Step 1, "Upload": the files chosen (CSV or XLSX, at most 8; added to, removed one by one), the button reading them
 * (`POST /import/inspect`; again after the files changed), and the downloads: the template workbook, a CSV template per kind, the current register
 * as an import workbook.
 */
export function UploadStep({
  files,
  onFiles,
  onRead,
  busy,
  readAgain,
}: {
  files: readonly File[];
  onFiles: (files: File[]) => void;
  onRead: () => void;
  busy: boolean;
  readAgain: boolean;
}) {
  const translate = useTranslate();
  const [refused, setRefused] = useState<string[]>([]);
  const [download, setDownload] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const add = (list: FileList | null) => {
    const chosen = acceptedFiles(files, Array.from(list ?? []));
    setRefused([
      ...chosen.refused.map((name) => translate('coop.memberImport.upload.notAccepted', { name })),
      ...(chosen.tooMany ? [translate('coop.memberImport.upload.tooMany')] : []),
    ]);
    onFiles(chosen.files);
  };

  const fetchFile = async (what: ImportDownload, label: string) => {
    const request = downloadRequest(what);
    setDownload(null);
    try {
      await downloadFile(request.path, request.name);
    } catch (error) {
      setDownload(
        translate('coop.memberImport.upload.downloadFailed', {
          name: label,
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  };

  const downloads: Array<{ what: ImportDownload; label: string; id: string }> = [
    { what: { template: 'workbook' }, label: translate('coop.memberImport.upload.templateWorkbook'), id: 'workbook' },
    ...IMPORT_KINDS.map((kind) => ({
      what: { template: kind } as ImportDownload,
      label: translate('coop.memberImport.upload.templateCsv', { kind: translate(`coop.memberImport.kinds.${kind}`) }),
      id: kind,
    })),
    { what: { register: true }, label: translate('coop.memberImport.upload.register'), id: 'register' },
  ];

  return (
    <Box component="section" aria-labelledby="import-upload-title" data-testid="import-upload">
      <Typography id="import-upload-title" variant="h6" component="h2">
        {translate('coop.memberImport.upload.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('coop.memberImport.upload.hint')}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={busy || files.length >= MAX_FILES}
        onClick={() => input.current?.click()}
        data-testid="import-choose"
      >
        {translate('coop.memberImport.upload.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="import-file-input"
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
      {refused.map((text) => (
        <Alert key={text} severity="warning" sx={{ mt: 1 }}>
          {text}
        </Alert>
      ))}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {translate('coop.memberImport.upload.chosen')}
      </Typography>
      {files.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="import-no-files">
          {translate('coop.memberImport.upload.none')}
        </Typography>
      ) : (
        <List dense data-testid="import-files">
          {files.map((file) => (
            <ListItem
              key={file.name}
              data-testid="import-file"
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={translate('coop.memberImport.upload.remove', { name: file.name })}
                  onClick={() => onFiles(files.filter((f) => f !== file))}
                  disabled={busy}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {/\.xlsx$/i.test(file.name) ? <GridOnIcon /> : <DescriptionIcon />}
              </ListItemIcon>
              <ListItemText primary={file.name} secondary={sizeText(file.size)} />
            </ListItem>
          ))}
        </List>
      )}
      {readAgain ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="import-read-again">
          {translate('coop.memberImport.upload.readAgain')}
        </Alert>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={onRead} disabled={busy || files.length === 0} data-testid="import-read">
          {translate(busy ? 'coop.memberImport.upload.reading' : 'coop.memberImport.upload.read')}
        </Button>
      </Box>
      <Box component="section" aria-labelledby="import-templates-title" sx={{ mt: 4 }}>
        <Typography id="import-templates-title" variant="subtitle1" component="h3">
          {translate('coop.memberImport.upload.templates')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('coop.memberImport.upload.templatesHint')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {downloads.map((d) => (
            <Button
              key={d.id}
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void fetchFile(d.what, d.label)}
              data-testid={`import-download-${d.id}`}
            >
              {d.label}
            </Button>
          ))}
        </Box>
        {download ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {download}
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
