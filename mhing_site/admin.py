"""The admin's user pages: Django's own, with the sign-up page's rule that a username may not
look like another account's (leagues.names), so staff cannot make "оrg1" (Cyrillic о) beside
"org1" by mistake either."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from leagues.names import LookAlikeUsernameMixin


class UserCreation(LookAlikeUsernameMixin, AdminUserCreationForm):
    pass


class UserChange(LookAlikeUsernameMixin, UserChangeForm):
    pass


class LookAlikeUserAdmin(UserAdmin):
    add_form = UserCreation
    form = UserChange


User = get_user_model()
admin.site.unregister(User)
admin.site.register(User, LookAlikeUserAdmin)
