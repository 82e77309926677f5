import { defineMessages } from '../../i18n/catalogue';

/** Login and registration (spec sections 4, 5 and 8). The validation messages are the spec's, word for word. */
export const authMessages = defineMessages({
  en: {
    title: 'Welcome to Sasayaki',
    subtitle: 'Your doujin audio library',
    tabs: { label: 'Log in or register', login: 'Log in', register: 'Register' },
    fields: {
      username: 'Username',
      password: 'Password',
      repeatPassword: 'Repeat password',
      showPassword: 'Show password',
    },
    rules: {
      usernameLength: 'Username length must be at least 5 characters',
      passwordLength: 'Password length must be at least 5 characters',
      repeatMismatch: 'Repeat password not match',
    },
    actions: { login: 'Log in', register: 'Create account', guest: 'Continue as guest' },
    or: 'or',
    guestHint: 'Guests can browse and listen; register to rate, review and keep your progress.',
    success: { login: 'Login success', register: 'Register success' },
  },
  'zh-CN': {
    title: '欢迎使用 Sasayaki',
    subtitle: '你的同人音声库',
    tabs: { label: '登录或注册', login: '登录', register: '注册' },
    fields: {
      username: '用户名',
      password: '密码',
      repeatPassword: '重复密码',
      showPassword: '显示密码',
    },
    rules: {
      usernameLength: '用户名长度至少为 5 个字符',
      passwordLength: '密码长度至少为 5 个字符',
      repeatMismatch: '两次输入的密码不一致',
    },
    actions: { login: '登录', register: '注册账号', guest: '以游客身份继续' },
    or: '或',
    guestHint: '游客可以浏览和收听；注册后即可评分、写评论并保存收听进度。',
    success: { login: '登录成功', register: '注册成功' },
  },
  ja: {
    title: 'Sasayaki へようこそ',
    subtitle: 'あなたの同人音声ライブラリ',
    tabs: { label: 'ログインまたは新規登録', login: 'ログイン', register: '新規登録' },
    fields: {
      username: 'ユーザー名',
      password: 'パスワード',
      repeatPassword: 'パスワード（確認）',
      showPassword: 'パスワードを表示',
    },
    rules: {
      usernameLength: 'ユーザー名は5文字以上で入力してください',
      passwordLength: 'パスワードは5文字以上で入力してください',
      repeatMismatch: '確認用パスワードが一致しません',
    },
    actions: { login: 'ログイン', register: 'アカウントを作成', guest: 'ゲストとして続ける' },
    or: 'または',
    guestHint: 'ゲストは閲覧と再生ができます。評価・レビュー・再生状況の保存には登録してください。',
    success: { login: 'ログインしました', register: '登録が完了しました' },
  },
});
