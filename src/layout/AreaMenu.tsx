import { Menu, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { holdsModule } from '../../common/rules/shell/permissions';
import { readUserInfo } from '../auth/storage';
import { menuEntries } from '../registry';

/** The side menu of the current area (first path segment), showing only permitted screens. */
export function AreaMenu() {
  const translate = useTranslate();
  const location = useLocation();
  const area = location.pathname.split('/')[1];
  const perms = readUserInfo()?.permissionList ?? [];
  const entries = menuEntries.filter((e) => e.area === area && holdsModule(perms, e.module));
  return (
    <Menu>
      {entries.map((e) => {
        const Icon = e.icon ?? LabelOutlinedIcon;
        return <Menu.Item key={e.path} to={e.path} primaryText={translate(e.label)} leftIcon={<Icon />} />;
      })}
    </Menu>
  );
}
