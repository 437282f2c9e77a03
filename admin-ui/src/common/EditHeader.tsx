import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DeleteButton, SaveButton, useTranslate, type RedirectionSideEffect } from 'react-admin';

/**
 * The shared edit header (SPEC 2): back, title, and on the right save and, where allowed, delete with a
 * confirmation dialog. Must sit inside a react-admin <Form>.
 */
export function EditHeader({
  title,
  backTo,
  canSave = true,
  canDelete = false,
  deleteRedirect,
  recordName,
  extra,
}: {
  title: ReactNode;
  backTo: string;
  canSave?: boolean;
  canDelete?: boolean;
  deleteRedirect?: RedirectionSideEffect;
  recordName?: string;
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(backTo)} data-testid="back" color="inherit">
        {translate('coop.edit.back')}
      </Button>
      <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 160, ml: 1 }} data-testid="form-title">
        {title}
      </Typography>
      {extra}
      {canDelete ? (
        <DeleteButton
          mutationMode="pessimistic"
          redirect={deleteRedirect ?? false}
          confirmTitle={translate('coop.edit.confirmDeleteTitle', { name: recordName ?? '' })}
          confirmContent="coop.edit.confirmDeleteContent"
          label="coop.edit.delete"
          variant="outlined"
          data-testid="delete"
        />
      ) : null}
      {canSave ? <SaveButton label="coop.edit.save" data-testid="save" alwaysEnable /> : null}
    </Box>
  );
}
