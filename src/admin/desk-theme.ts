import type { ThemeConfig } from 'antd';

/**
 * antd's default greys, link blue, error red and tag text fall below a 4.5:1 contrast on white
 * (#8c8c8c is 3.4:1): each is darkened until every text of the back office reads at 4.5:1 or more.
 */
export const deskTheme: ThemeConfig = {
  token: {
    colorPrimary: '#c2410c',
    // antd lightens the primary on hover (white on it fell to 3.9:1 under the pointer): darker instead.
    colorPrimaryHover: '#9a3412',
    colorPrimaryActive: '#7c2d12',
    colorLink: '#0645ad',
    colorError: '#c41d1f',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorTextQuaternary: '#6e6e6e',
    // Tag text is the seventh shade of its seed colour: darker seeds give darker text.
    green: '#135200',
    orange: '#873800',
    red: '#a8071a',
  },
};
